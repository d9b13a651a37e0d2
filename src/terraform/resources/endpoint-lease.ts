import { expiresAt, parseTtl } from '../../model/lease.js';
import { normalizeLease } from '../../model/normalize.js';
import type { ProviderContext } from '../context.js';
import { UNKNOWN, type AttributePath, type ResourceHandler, type TfObject } from '../types.js';
import { apiDiagnostic, knownNumber, knownString } from '../values.js';
import { normalizerDiagnostics, plainConfig } from './desired.js';

const COMPUTED = ['id', 'lease_id', 'username', 'domain', 'password', 'expires_at'] as const;

/**
 * `dsiprouter_endpoint_lease`: obtained on create, revoked on destroy, replaced when email or ttl
 * changes. The platform cannot read a lease back, so Terraform state is the record; a lease past
 * its expiry reads as gone, and Terraform plans a new one.
 */
export function endpointLeaseResource(ctx: ProviderContext): ResourceHandler {
  return {
    validate(config) {
      // The lease's key is the resource address, so there is no name to check.
      return normalizerDiagnostics(normalizeLease(plainConfig(config, ['email', 'ttl'])));
    },

    async plan({ prior, proposed }) {
      if (!proposed) return { planned: null };
      const replace: AttributePath[] = prior ? (['email', 'ttl'] as const).filter((k) => prior[k] !== proposed[k]).map((k) => [k]) : [];
      if (prior && replace.length === 0) return { planned: { ...prior, ...proposed } };
      const planned: TfObject = { ...proposed };
      for (const k of COMPUTED) planned[k] = UNKNOWN;
      return { planned, requiresReplace: replace };
    },

    async apply({ prior, planned }) {
      const client = ctx.client();
      try {
        if (!planned) {
          await client.deleteIfPresent({ kind: 'endpoint_lease', lease_id: knownNumber(prior, 'lease_id')! }); // expired or revoked: done
          ctx.wrote();
          return { state: null };
        }
        if (prior) return { state: { ...prior, ...planned } }; // nothing updatable in place
        const email = knownString(planned, 'email')!;
        const ttl = knownString(planned, 'ttl')!;
        const lease = await client.obtainLease({ email, ttl: parseTtl(ttl)! });
        ctx.wrote();
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
        };
      } catch (err) {
        return { state: prior, diagnostics: [apiDiagnostic(planned ? 'obtain the lease' : 'revoke the lease', err)] };
      }
    },

    async read(state) {
      const expires = Date.parse(knownString(state, 'expires_at') ?? '');
      return { state: Number.isNaN(expires) || expires <= ctx.now() ? null : state };
    },

    async importState() {
      return {
        state: null,
        diagnostics: [
          {
            severity: 'error',
            summary: 'Endpoint leases cannot be imported',
            detail:
              'The platform cannot read a lease back, so its credentials cannot be recovered. Let Terraform obtain a new lease instead.',
          },
        ],
      };
    },
  };
}
