import { expiresAt, OBTAIN_WINDOW_MS, parseTtl } from '../../model/lease.js';
import { normalizeLease } from '../../model/normalize-lease.js';
import { UNKNOWN, type AttributePath, type TfObject } from '../types.js';
import type { Diagnostic } from '../types.js';
import { apiDiagnostic, knownString } from '../values.js';
import { normalizerDiagnostics, plainConfig } from './desired.js';
import type { KindResource } from './kind-resource.js';

const COMPUTED = ['id', 'lease_id', 'username', 'domain', 'password', 'expires_at'] as const;

/**
 * `dsiprouter_endpoint_lease`: obtained on create, revoked on destroy, replaced when email or ttl
 * changes. The platform cannot read a lease back, so Terraform state is the record; a lease past
 * its expiry reads as gone, and Terraform plans a new one.
 */
export const ENDPOINT_LEASE_RESOURCE: KindResource<'endpoint_lease', never> = {
  kind: 'endpoint_lease',
  idAttribute: 'lease_id',
  verbs: { write: 'obtain the lease', delete: 'revoke the lease' },

  validate(config) {
    // The lease's key is the resource address, so there is no name to check.
    return normalizerDiagnostics(normalizeLease(plainConfig(config, ['email', 'ttl'])), ['email', 'ttl']);
  },

  async plan(_calls, { prior, proposed }) {
    const replace: AttributePath[] = prior ? (['email', 'ttl'] as const).filter((k) => prior[k] !== proposed[k]).map((k) => [k]) : [];
    if (prior && replace.length === 0) return { planned: { ...prior, ...proposed } };
    const planned: TfObject = { ...proposed };
    for (const k of COMPUTED) planned[k] = UNKNOWN;
    return { planned, requiresReplace: replace };
  },

  async create({ ctx, wrote }, planned) {
    // Starts of obtain attempts whose answers were lost: each may have left a lease on the platform.
    const lost: number[] = [];
    const email = knownString(planned, 'email')!;
    const ttl = knownString(planned, 'ttl')!;
    const unrecorded = () => unrecordedLeases(lost, email, parseTtl(ttl)!);
    try {
      const { lease } = await ctx
        .client()
        .obtainLeaseNoted(
          { email, ttl: parseTtl(ttl)! },
          { before: async () => ctx.now(), lost: (startedAt) => void lost.push(startedAt), refused: () => undefined },
        );
      wrote();
      return {
        state: {
          id: String(lease.leaseid),
          email,
          ttl,
          lease_id: lease.leaseid,
          username: lease.username,
          domain: lease.domain,
          password: lease.password,
          expires_at: expiresAt(ctx.now(), lease.ttl),
        },
        diagnostics: unrecorded(),
      };
    } catch (err) {
      return { state: null, diagnostics: [apiDiagnostic('obtain the lease', err), ...unrecorded()] };
    }
  },

  // Nothing is updatable in place: email and ttl replace the lease.
  update: async (_calls, prior, planned) => ({ state: { ...prior, ...planned } }),

  reading: {
    // The platform cannot read a lease back: the state stands until the lease expires.
    async readState({ ctx }, state) {
      const expires = Date.parse(knownString(state, 'expires_at') ?? '');
      return Number.isNaN(expires) || expires <= ctx.now() ? null : state;
    },
  },

  importing: {
    refused: {
      summary: 'Endpoint leases cannot be imported',
      detail: 'The platform cannot read a lease back, so its credentials cannot be recovered. Let Terraform obtain a new lease instead.',
    },
  },
};

/**
 * A warning naming the leases that attempts whose answers were lost may have obtained (`lost`: each
 * attempt's start, in ms). Terraform state holds only the lease that was answered; the platform
 * can neither list leases nor read one back, so these words are all a user ever learns of the others.
 */
function unrecordedLeases(lost: readonly number[], email: string, ttlSeconds: number): Diagnostic[] {
  if (lost.length === 0) return [];
  const by = expiresAt(Math.max(...lost) + OBTAIN_WINDOW_MS, ttlSeconds);
  const count = lost.length === 1 ? '1 lease' : `${lost.length} leases`;
  return [
    {
      severity: 'warning',
      summary: `${count} may have been obtained and not recorded`,
      detail:
        `${lost.length === 1 ? 'An obtain' : `${lost.length} obtains`} for ${email} lost ${lost.length === 1 ? 'its answer' : 'their answers'} ` +
        `(connection reset, timeout or server error), so the platform may hold ${lost.length === 1 ? 'a lease' : 'leases'} that Terraform state does not: ` +
        `${lost.length === 1 ? 'it expires' : 'all expire'} by ${by}. The platform cannot list leases or read one back, so ${lost.length === 1 ? 'it' : 'they'} cannot be found or revoked; ` +
        `${lost.length === 1 ? 'it lapses' : 'each lapses'} by itself.`,
    },
  ];
}
