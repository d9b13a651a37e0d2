/**
 * Leases as the deployed platform serves them: getEndpointLease and revokeEndpointLease in
 * gui/modules/api/api_routes.py (v0.79-rel). Line numbers in comments are of that file.
 */
import { randomInt } from 'node:crypto';
import { badRequest, ok, serverError } from '../envelope.js';
import type { Handler } from '../router.js';
import { DEFAULT_AUTH_DOMAIN } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
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
 * The name :332-333 draws: `lease<random.randint(1, 200)>`, in DEFAULT_AUTH_DOMAIN (:336). The subscriber table is unique on
 * (username, domain), so the platform fails (500 `db`) when the draw hits a name already held; the
 * twin draws among the free names so that runs stay repeatable, and fails only when all 200 are
 * held (`null`).
 */
function leaseName(store: EmulatorStore): string | null {
  const held = new Set(
    store.leases
      .live()
      .filter((l) => l.domain === DEFAULT_AUTH_DOMAIN)
      .map((l) => l.username),
  );
  for (const g of store.groups.list()) if (g.subscriber?.domain === DEFAULT_AUTH_DOMAIN) held.add(g.subscriber.user);
  const free = Array.from({ length: 200 }, (_, i) => `lease${i + 1}`).filter((name) => !held.has(name));
  return free.length === 0 ? null : (free[randomInt(free.length)] ?? null);
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
  const username = leaseName(store);
  if (username === null) {
    const taken = `lease${randomInt(1, 201)}`;
    return serverError(`(MySQLdb.IntegrityError) (1062, "Duplicate entry '${taken}-${DEFAULT_AUTH_DOMAIN}' for key 'account_idx'")`, 'db');
  }
  const lease = store.leases.obtain(email, ttl.seconds, { username, domain: DEFAULT_AUTH_DOMAIN });
  return ok('Lease created', [{ ...lease, ttl: ttl.echo }]);
};

/** DELETE /lease/endpoint/{leaseid}/revoke (`current`): an unknown, revoked or expired id is 500 (:399-402). */
export const revokeLeaseDeployed: Handler = (store, req) => {
  const unknown = unknownArgument(req.query, []);
  if (unknown) return unknown;
  // The path takes digits only (`<int:leaseid>`), so this is a number; a huge one matches no lease.
  const leaseid = parseId(req.params['leaseid'] ?? '') ?? 0;
  const outcome = store.leases.revoke(leaseid);
  return outcome.ok ? ok('Lease revoked') : serverError("'NoneType' object has no attribute 'sid'");
};
