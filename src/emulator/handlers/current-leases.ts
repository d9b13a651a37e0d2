/**
 * Leases as the deployed platform serves them: getEndpointLease and revokeEndpointLease in
 * gui/modules/api/api_routes.py (v0.79-rel). Line numbers in comments are of that file.
 */
import { badRequest, ok, serverError } from '../envelope.js';
import type { Handler } from '../router.js';
import { parseId, unknownArgument } from './args.js';
import { pyInt, raised, type PyRaise } from './python.js';

/**
 * The ttl as :327-330 and :355 read it: a text `re.match('\d*m|M')` matches loses its last
 * character and is minutes (echoed back as seconds, a number); any other is `int()`-ed at :355 but
 * echoed back as the string sent. `0` is accepted.
 */
function readDeployedTtl(raw: string): { seconds: number; echo: string | number } | PyRaise {
  if (/^(\d*m|M)/.test(raw)) {
    const minutes = pyInt(raw.slice(0, -1));
    return raised(minutes) ? minutes : { seconds: minutes * 60, echo: minutes * 60 };
  }
  const seconds = pyInt(raw);
  return raised(seconds) ? seconds : { seconds, echo: raw };
}

/**
 * GET /lease/endpoint?ttl=&email= (`current`): other arguments are ignored (the handler never looks
 * at them); no `email` is 500 (a bare Exception, :320-321), no `ttl` is 400 (:323-325).
 */
export const obtainLeaseDeployed: Handler = (store, req) => {
  const email = req.query.get('email');
  if (!email) return serverError('email parameter is missing');
  const raw = req.query.get('ttl');
  if (raw === undefined) return badRequest('time to live (ttl) parameter is missing');
  const ttl = readDeployedTtl(raw);
  if (raised(ttl)) return serverError(ttl.raised);
  const lease = store.leases.obtain(email, ttl.seconds);
  return ok('Lease created', [{ ...lease, ttl: ttl.echo }]);
};

/** DELETE /lease/endpoint/{leaseid}/revoke (`current`): an unknown, revoked or expired id is 500 (:399-402). */
export const revokeLeaseDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, []);
  if (unknown) return unknown;
  const leaseid = parseId(req.params['leaseid'] ?? '');
  if (leaseid === null) return serverError(`invalid literal for int() with base 10: '${req.params['leaseid'] ?? ''}'`);
  const outcome = store.leases.revoke(leaseid);
  return outcome.ok ? ok('Lease revoked') : serverError("'NoneType' object has no attribute 'sid'");
};
