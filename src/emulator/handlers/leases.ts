import { parseTtl } from '../../model/lease.js';
import { badRequest, ok } from '../envelope.js';
import type { Handler } from '../router.js';
import { parseId, refusal, unknownArgument } from './args.js';

const TTL_FORM = 'ttl must be a number of seconds or <n>m';

/** GET /endpoint/lease?ttl=&email=: hands out a lease; ttl in seconds or `<n>m` / `<n>h` / `<n>s`. */
export const obtainLease: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, ['ttl', 'email']);
  if (unknown) return unknown;
  const email = req.query.get('email');
  if (!email) return badRequest('email is required');
  const raw = req.query.get('ttl');
  const ttl = raw === undefined ? null : parseTtl(raw);
  // A ttl beyond the safe integers would not survive JSON as an integer.
  if (ttl === null || !Number.isSafeInteger(ttl)) return badRequest(TTL_FORM);
  if (ttl <= 0) return badRequest('ttl must be greater than 0');
  return ok('Lease created', [store.leases.obtain(email, ttl)]);
};

/** PUT /endpoint/lease/{leaseid}/revoke: an unknown, revoked or expired lease is 404. */
export const revokeLease: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, []);
  if (unknown) return unknown;
  const leaseid = parseId(req.params['leaseid'] ?? '');
  if (leaseid === null) return badRequest('leaseid must be an integer');
  const outcome = store.leases.revoke(leaseid);
  return outcome.ok ? ok('Lease revoked') : refusal(outcome);
};
