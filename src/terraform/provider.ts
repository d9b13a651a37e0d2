import type { PlatformClient } from '../api/client.js';
import { operationDeadline } from '../api/retry.js';
import { DsipformError } from '../model/errors.js';
import type { ProviderContext } from './context.js';
import { ephemeralLeaseResource } from './ephemeral-lease.js';
import { counted } from './operation-tally.js';
import { connectionFrom, validateProviderConfig } from './provider-settings.js';
import { Reloader } from './reloader.js';
import { SaidOnce } from './said-once.js';
import { dataSources } from './resources/data-sources.js';
import { managedResources } from './resources/managed.js';
import { withOperationTimeouts } from './timeouts.js';
import type { Diagnostic, ProviderHandler, ResourceHandler, TfObject } from './types.js';
import { apiDiagnostic } from './values.js';

/** The warning a plan carries when the platform holds writes that are not live yet. */
const PENDING_RELOAD_WARNING: Diagnostic = {
  severity: 'warning',
  summary: 'The platform has changes that are not live yet (kamreload: true)',
  detail:
    'Something wrote to the platform without reloading the proxy (an interrupted run, a failed reload, or a change made outside Terraform). ' +
    'The next apply that changes a resource reloads the proxy. Terraform does not call the provider when nothing changes: ' +
    'to make them live now, reload the proxy from the platform (Reload Kamailio), or run `dsipform apply FILE --auto-approve` with a file holding just `version: 1` (it manages nothing and reloads when kamreload is true).',
};

/**
 * Adds the proxy reload to a resource's applies (a failed reload is an error on every apply it
 * covers; the written state is kept) and the platform check to its plans: a platform that cannot be
 * read (wrong token, down, wrong scheme, unlicensed) fails every plan before it is made, and the
 * pending-reload warning comes with the first plan of the run only.
 */
function withReload(
  handler: ResourceHandler,
  reloader: () => Reloader | undefined,
  platformCheck: () => Promise<Diagnostic[]>,
): ResourceHandler {
  return {
    ...handler,
    async plan(req) {
      const checked = await platformCheck();
      if (checked.some((d) => d.severity === 'error')) return { planned: req.proposed, diagnostics: checked };
      const res = await handler.plan(req);
      return checked.length ? { ...res, diagnostics: [...(res.diagnostics ?? []), ...checked] } : res;
    },
    async apply(req) {
      const r = reloader();
      if (!r) return handler.apply(req);
      const { result, reloadError } = await r.run(() => handler.apply(req));
      if (!reloadError) return result;
      const failed = apiDiagnostic('reload the proxy', reloadError);
      return {
        ...result,
        written: true,
        diagnostics: [
          ...(result.diagnostics ?? []),
          {
            ...failed,
            summary: 'Proxy reload failed: the change is written but not live',
            detail: `${failed.detail}\nThe platform holds the change (it is saved in the Terraform state) but the proxy does not use it yet (kamreload: true). Fix the platform, then reload the proxy; the next plan warns while the change is not live.`,
          },
        ],
      };
    },
  };
}

/** Every operation's diagnostics through `said` (a platform failure in full once per run). */
function withSaidOnce(handler: ResourceHandler, said: SaidOnce): ResourceHandler {
  const once = async <R extends { readonly diagnostics?: readonly Diagnostic[] }>(res: Promise<R>): Promise<R> => {
    const r = await res;
    return r.diagnostics ? { ...r, diagnostics: said.apply(r.diagnostics) } : r;
  };
  return {
    ...handler,
    plan: (req) => once(handler.plan(req)),
    apply: (req) => once(handler.apply(req)),
    read: (state) => once(handler.read(state)),
    importState: (id) => once(handler.importState(id)),
  };
}

/**
 * The dsiprouter provider: resources, data sources and the ephemeral lease over the platform
 * client. The client is created (and undici loaded) only at ConfigureProvider, keeping Terraform's
 * many provider starts cheap; ConfigureProvider reads the platform once, and a failure to read it
 * fails the command there. Applies that wrote wait for a shared proxy reload (unless `reload = false`), so a failed
 * reload fails the apply and every command, also in reattach mode, ends with the changes live.
 */
export async function createProvider(env: NodeJS.ProcessEnv = process.env, now: () => number = Date.now): Promise<ProviderHandler> {
  let client: PlatformClient | undefined;
  let reloader: Reloader | undefined;
  let platformChecked: Promise<{ readonly pending: boolean } | { readonly error: Diagnostic }> | undefined;
  let warned = false;
  let allowDangling = false;
  const said = new SaidOnce();
  const ctx: ProviderContext = {
    client() {
      if (!client)
        throw new DsipformError(
          'TF_NOT_CONFIGURED',
          'the provider was used before it was configured',
          'This is a bug in the provider or Terraform; please report it.',
        );
      return client;
    },
    wrote: () => reloader?.wrote(),
    now,
    allowDangling: () => allowDangling,
    plannedGroupNames: new Set(),
    plannedGroupGateways: new Map(),
    groupLists: new Map(),
    didHolders: new Map(),
    stateRuleids: new Set(),
  };
  // Asked once per configuration, at ConfigureProvider (before this process writes anything): a
  // failure fails the command there, so `terraform plan` used as a gate fails with broken
  // credentials even when no resource would ask the platform (a -refresh-only plan of an empty
  // state, a plan of leases only). Every plan of the configuration reuses the answer.
  const checkPlatform = (c: PlatformClient) =>
    counted(() =>
      c.pendingReload().then(
        (pending) => ({ pending }),
        (err: unknown) => ({ error: apiDiagnostic('read the platform', err) }),
      ),
    );
  const platformCheck = async (): Promise<Diagnostic[]> => {
    platformChecked ??= checkPlatform(ctx.client());
    const r = await platformChecked;
    if ('error' in r) return [r.error];
    if (!r.pending || warned) return [];
    warned = true;
    return [PENDING_RELOAD_WARNING];
  };
  const wrap = (h: ResourceHandler): ResourceHandler =>
    withSaidOnce(
      withOperationTimeouts(
        withReload(h, () => reloader, platformCheck),
        ctx,
      ),
      said,
    );
  return {
    validateConfig: validateProviderConfig,
    async configure(config) {
      const conn = connectionFrom(config, env);
      if ('severity' in conn) return [conn];
      const { PlatformClient } = await import('../api/client.js');
      // In reattach (debug) mode one process is configured again for every command.
      await reloader?.flush().catch(() => undefined);
      await client?.close();
      const c = new PlatformClient(conn);
      client = c;
      reloader = config.reload === false ? undefined : new Reloader(() => operationDeadline.exit(() => c.reloadProxy()));
      warned = false;
      said.reset();
      allowDangling = config.allow_dangling === true;
      ctx.plannedGroupNames.clear();
      ctx.plannedGroupGateways.clear();
      ctx.groupLists.clear();
      ctx.didHolders.clear();
      ctx.stateRuleids.clear();
      platformChecked = checkPlatform(c);
      const checked = await platformChecked;
      // Said in full here; a later plan of the same run that meets it says it briefly (said-once.ts).
      return 'error' in checked ? (said.apply([checked.error]) ?? []) : [];
    },
    resources: Object.fromEntries(Object.entries(managedResources(ctx)).map(([type, handler]) => [type, wrap(handler)])),
    dataSources: Object.fromEntries(
      Object.entries(dataSources(ctx)).map(([name, d]) => [
        name,
        {
          ...d,
          read: async (config: TfObject) => {
            const r = await counted(() => d.read(config));
            return r.diagnostics ? { ...r, diagnostics: said.apply(r.diagnostics) } : r;
          },
        },
      ]),
    ),
    ephemeralResources: {
      dsiprouter_endpoint_lease: ephemeralLeaseResource(ctx, { reloader: () => reloader, said }),
    },
    async shutdown() {
      if (!client) return;
      try {
        // Every apply waits for its reload: this runs only when an apply was cut short.
        await reloader?.flush();
      } catch (err) {
        process.stderr.write(`dsiprouter provider: proxy reload failed: ${(err as Error).message}\n`);
      } finally {
        await client.close();
      }
    },
  };
}
