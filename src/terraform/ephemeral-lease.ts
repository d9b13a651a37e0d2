import { expiresAt, OBTAIN_WINDOW_MS, parseTtl } from '../model/lease.js';
import { KIND_SPECS } from '../model/kinds.js';
import { normalizeLease } from '../model/normalize-lease.js';
import type { ProviderContext } from './context.js';
import { counted } from './operation-tally.js';
import type { Reloader } from './reloader.js';
import type { SaidOnce } from './said-once.js';
import { isUnknown, type Diagnostic, type EphemeralResourceHandler, type TfObject } from './types.js';
import { apiDiagnostic, attrError, knownString } from './values.js';

/** What closing needs, kept by Terraform in memory between open and close: never the password. */
interface LeaseHandle {
  readonly lease_id: number;
  readonly expires_at: string;
}

/** What the ephemeral lease shares with the rest of the provider. */
export interface EphemeralLeaseDeps {
  /** The run's proxy reloader; undefined with `reload = false`. */
  readonly reloader: () => Reloader | undefined;
  readonly said: SaidOnce;
}

/**
 * `ephemeral "dsiprouter_endpoint_lease"` (Terraform 1.10+): opening it obtains a lease, closing it
 * revokes it, and its credentials exist only in Terraform's memory for that run: usable in
 * provider blocks, provisioners and other ephemeral contexts, never written to a plan or the
 * state. Terraform opens it in each run that needs the value (a plan, then the apply), so each
 * gets a lease of its own. Like the managed lease, an obtain and a revoke reload the proxy.
 */
export function ephemeralLeaseResource(ctx: ProviderContext, deps: EphemeralLeaseDeps): EphemeralResourceHandler {
  const said = (ds: readonly Diagnostic[]): Diagnostic[] => deps.said.apply(ds) ?? [];
  /** Runs a write and the proxy reload that makes it live; a failed reload is the error returned. */
  const reloaded = async <T>(write: () => Promise<T>): Promise<{ result: T; reloadError: Error | null }> => {
    const r = deps.reloader();
    return r ? r.run(write) : { result: await write(), reloadError: null };
  };
  const revoke = async (handle: LeaseHandle): Promise<void> => {
    await ctx.client().deleteIfPresent({ kind: KIND_SPECS.endpoint_lease.kind, lease_id: handle.lease_id }); // expired: done
    ctx.wrote();
  };

  return {
    validate: leaseDiagnostics,

    open: (config) =>
      counted(async () => {
        const problems = leaseDiagnostics(config);
        if (problems.length > 0) return { result: null, diagnostics: problems };
        const email = knownString(config, 'email')!;
        const ttl = knownString(config, 'ttl')!;
        const seconds = parseTtl(ttl)!;
        const lost: number[] = [];
        try {
          const { result: lease, reloadError } = await reloaded(async () => {
            const { lease } = await ctx
              .client()
              .obtainLeaseNoted(
                { email, ttl: seconds },
                { before: async () => ctx.now(), lost: (startedAt) => void lost.push(startedAt), refused: () => undefined },
              );
            ctx.wrote();
            return lease;
          });
          const handle: LeaseHandle = { lease_id: lease.leaseid, expires_at: expiresAt(ctx.now(), lease.ttl) };
          if (reloadError) {
            // Terraform closes only what opened: give the lease back rather than leave it to its ttl.
            await reloaded(() => revoke(handle)).catch(() => undefined);
            const failed = apiDiagnostic('reload the proxy', reloadError);
            return {
              result: null,
              diagnostics: said([
                {
                  ...failed,
                  summary: 'Proxy reload failed: the lease was revoked again',
                  detail: `${failed.detail}\nFix the platform, then run again.`,
                },
              ]),
            };
          }
          const result: TfObject = {
            email,
            ttl,
            lease_id: lease.leaseid,
            username: lease.username,
            domain: lease.domain,
            password: lease.password,
            expires_at: handle.expires_at,
          };
          return { result, private: Buffer.from(JSON.stringify(handle)), diagnostics: unrecorded(lost, email, seconds) };
        } catch (err) {
          return { result: null, diagnostics: said([apiDiagnostic('obtain the lease', err), ...unrecorded(lost, email, seconds)]) };
        }
      }),

    close: (privateData) =>
      counted(async () => {
        const handle = handleFrom(privateData);
        if (!handle) return [];
        try {
          const { reloadError } = await reloaded(() => revoke(handle));
          if (!reloadError) return [];
          const failed = apiDiagnostic('reload the proxy', reloadError);
          return said([
            {
              ...failed,
              severity: 'warning',
              summary: `Lease ${handle.lease_id} is revoked, but the proxy reload failed`,
              detail: `${failed.detail}\nThe proxy may accept the lease's credentials until it is reloaded (the next plan warns while the change is not live).`,
            },
          ]);
        } catch (err) {
          const failed = apiDiagnostic(`revoke lease ${handle.lease_id}`, err);
          return said([{ ...failed, detail: `${failed.detail}\nThe lease stays valid until it expires at ${handle.expires_at}.` }]);
        }
      }),
  };
}

/** The lease's email and ttl checked as the files' leases are (the same normaliser); unknown values wait. */
function leaseDiagnostics(config: TfObject): Diagnostic[] {
  const raw: Record<string, unknown> = {};
  for (const k of ['email', 'ttl']) {
    const v = config[k];
    if (v !== null && v !== undefined && !isUnknown(v)) raw[k] = v;
  }
  return normalizeLease(raw)
    .issues.filter((issue) => issue.check !== 'required' && issue.check !== 'type')
    .map((issue) => attrError(issue.field, `Invalid ${String(issue.field[0])}`, `${issue.message}\n\nhint: ${issue.hint}`));
}

/** The handle open gave, or undefined when there is none (open failed) or it is not ours. */
function handleFrom(privateData: Uint8Array | undefined): LeaseHandle | undefined {
  if (!privateData) return undefined;
  try {
    const h = JSON.parse(Buffer.from(privateData).toString('utf8')) as Partial<LeaseHandle>;
    return typeof h.lease_id === 'number' && typeof h.expires_at === 'string'
      ? { lease_id: h.lease_id, expires_at: h.expires_at }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A warning for obtain attempts whose answers were lost: each may have left a lease that lapses by itself. */
function unrecorded(lost: readonly number[], email: string, ttlSeconds: number): Diagnostic[] {
  if (lost.length === 0) return [];
  const by = expiresAt(Math.max(...lost) + OBTAIN_WINDOW_MS, ttlSeconds);
  const one = lost.length === 1;
  return [
    {
      severity: 'warning',
      summary: `${one ? '1 lease' : `${lost.length} leases`} may have been obtained and not recorded`,
      detail:
        `${one ? 'An obtain' : `${lost.length} obtains`} for ${email} lost ${one ? 'its answer' : 'their answers'} (connection reset, timeout or server error), ` +
        `so the platform may hold ${one ? 'a lease' : 'leases'} this run cannot revoke, expiring by ${by}. ` +
        'The platform cannot list leases or read one back, so each lapses by itself.',
    },
  ];
}
