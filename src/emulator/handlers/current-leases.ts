import { ok, serverError } from '../envelope.js';
import type { Handler } from '../router.js';
import { parseId, unknownArgument } from './args.js';

/**
 * The ttl as the deployed platform takes it: plain seconds (`"15"`, echoed back as that string) or
 * `<n>m` (echoed as seconds, a number). Anything else, or 0, is `null`: the platform crashes on it.
 */
export function readDeployedTtl(raw: string): { seconds: number; echo: string | number } | null {
  const m = /^([0-9]+)(m?)$/.exec(raw);
  if (!m) return null;
  const seconds = Number(m[1]) * (m[2] === 'm' ? 60 : 1);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) return null;
  return { seconds, echo: m[2] === 'm' ? seconds : raw };
}

/**
 * GET /lease/endpoint?ttl=&email= (`current`): a missing or empty `email` and a missing or bad `ttl`
 * are 500 `server` (the platform's code raises; the msg is Python's words); the record's ttl is the raw string given, or seconds for `<n>m`.
 */
export const obtainLeaseDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, ['ttl', 'email']);
  if (unknown) return unknown;
  const email = req.query.get('email');
  if (!email) return serverError("KeyError: 'email'");
  const raw = req.query.get('ttl');
  if (raw === undefined) return serverError("KeyError: 'ttl'");
  const ttl = readDeployedTtl(raw);
  if (!ttl) return serverError(`ValueError: invalid literal for int() with base 10: '${raw}'`);
  const lease = store.leases.obtain(email, ttl.seconds);
  return ok('Lease created', [{ ...lease, ttl: ttl.echo }]);
};

/** DELETE /lease/endpoint/{leaseid}/revoke (`current`): an unknown, revoked or expired id is 500 `server`. */
export const revokeLeaseDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, []);
  if (unknown) return unknown;
  const leaseid = parseId(req.params['leaseid'] ?? '');
  if (leaseid === null) return serverError(`ValueError: invalid literal for int() with base 10: '${req.params['leaseid'] ?? ''}'`);
  const outcome = store.leases.revoke(leaseid);
  return outcome.ok ? ok('Lease revoked') : serverError('Internal Server Error');
};
