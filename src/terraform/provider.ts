import { readFileSync } from 'node:fs';
import type { PlatformClient } from '../api/client.js';
import { caProblem, type ConnectionOptions, type SettingNames } from '../api/connection.js';
import { operationDeadline } from '../api/retry.js';
import { DsipformError } from '../model/errors.js';
import type { ProviderContext } from './context.js';
import { Reloader } from './reloader.js';
import { requestLogger } from './request-log.js';
import { carrierGroupResource } from './resources/carrier-group.js';
import { dataSources } from './resources/data-sources.js';
import { endpointLeaseResource } from './resources/endpoint-lease.js';
import { inboundMappingResource } from './resources/inbound-mapping.js';
import { outboundRouteResource } from './resources/outbound-route.js';
import { withOperationTimeouts } from './timeouts.js';
import { isUnknown, type Diagnostic, type ProviderHandler, type ResourceHandler, type TfObject } from './types.js';
import { apiDiagnostic, attrError, knownNumber, knownString } from './values.js';

/** How the provider's hints name the connection settings: its attributes and environment variables. */
const PROVIDER_SETTING_NAMES: SettingNames = {
  url: 'url in the provider block (or DSIP_URL)',
  token: "the provider's token attribute (or DSIP_TOKEN)",
  ca: 'ca_file = "FILE" in the provider block (or DSIP_CA)',
  insecure: 'insecure = true in the provider block (or DSIP_INSECURE=1)',
  profile: 'api_profile = "spec" or "current" in the provider block (or DSIP_API_PROFILE)',
  timeout: "timeout_ms in the provider block, or the resource's timeouts block",
  parallelism: 'terraform -parallelism=N',
};

/** Most a single request may wait: ten minutes. */
const MAX_TIMEOUT_MS = 600_000;

function timeoutDiagnostic(config: TfObject): Diagnostic | undefined {
  const v = config.timeout_ms;
  if (typeof v !== 'number') return undefined;
  if (Number.isInteger(v) && v >= 1 && v <= MAX_TIMEOUT_MS) return undefined;
  return attrError(
    ['timeout_ms'],
    'Invalid timeout_ms',
    `${v} is not a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}; for example timeout_ms = 30000.`,
  );
}

function connectionFrom(config: TfObject, env: NodeJS.ProcessEnv): ConnectionOptions | Diagnostic {
  const onRequest = requestLogger(env);
  const url = knownString(config, 'url') ?? env.DSIP_URL;
  if (!url)
    return attrError(
      ['url'],
      'No platform URL',
      'Set url in the provider block, or the DSIP_URL environment variable, e.g. https://sip.example.com:5000.',
    );
  if (!/^https?:\/\/./.test(url)) return attrError(['url'], 'Invalid platform URL', `"${url}" must start with http:// or https://.`);
  const token = knownString(config, 'token') ?? env.DSIP_TOKEN;
  if (!token)
    return attrError(
      ['token'],
      'No API token',
      'Set token in the provider block (from a sensitive variable), or the DSIP_TOKEN environment variable.',
    );
  const caFile = knownString(config, 'ca_file') ?? env.DSIP_CA;
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch {
      return attrError(['ca_file'], 'Unreadable CA file', `Cannot read ${caFile}.`);
    }
    const problem = caProblem(ca);
    if (problem)
      return attrError(
        ['ca_file'],
        'CA file is not a certificate',
        `${caFile} is not a certificate: ${problem}. Give ca_file (or DSIP_CA) the PEM certificate of the CA that signed the platform's certificate (for a self-signed install, the certificate itself), not its key.`,
      );
  }
  const insecure = config.insecure === true || (config.insecure == null && (env.DSIP_INSECURE === '1' || env.DSIP_INSECURE === 'true'));
  const profile = knownString(config, 'api_profile') ?? (env.DSIP_API_PROFILE || 'auto');
  if (profile !== 'auto' && profile !== 'spec' && profile !== 'current') {
    return attrError(['api_profile'], 'Invalid api_profile', `"${profile}" is not one of spec, current, auto.`);
  }
  const badTimeout = timeoutDiagnostic(config);
  if (badTimeout) return badTimeout;
  const timeoutMs = knownNumber(config, 'timeout_ms') ?? 30_000;
  return {
    url,
    token,
    insecure,
    profile,
    timeoutMs,
    settingNames: PROVIDER_SETTING_NAMES,
    ...(onRequest ? { onRequest } : {}),
    ...(ca ? { ca } : {}),
  };
}

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
 * covers; the written state is kept) and, once per process, the pending-reload warning to a plan.
 */
function withReload(
  handler: ResourceHandler,
  reloader: () => Reloader | undefined,
  pendingWarning: () => Promise<Diagnostic[]>,
): ResourceHandler {
  return {
    ...handler,
    async plan(req) {
      const res = await handler.plan(req);
      const warn = await pendingWarning();
      return warn.length ? { ...res, diagnostics: [...(res.diagnostics ?? []), ...warn] } : res;
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

/**
 * The dsiprouter provider: resources and data sources over the platform client. The client is
 * created (and undici loaded) only at ConfigureProvider, keeping Terraform's many provider starts
 * cheap. Applies that wrote wait for a shared proxy reload (unless `reload = false`), so a failed
 * reload fails the apply and every command, also in reattach mode, ends with the changes live.
 */
export async function createProvider(env: NodeJS.ProcessEnv = process.env, now: () => number = Date.now): Promise<ProviderHandler> {
  let client: PlatformClient | undefined;
  let reloader: Reloader | undefined;
  let pendingChecked: Promise<Diagnostic[]> | undefined;
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
    plannedGroupNames: new Set(),
    groupLists: new Map(),
  };
  // Asked once per configuration, at the first plan: before this process writes anything.
  const pendingWarning = (): Promise<Diagnostic[]> =>
    (pendingChecked ??= (client ? client.pendingReload() : Promise.resolve(false))
      .then((pending) => (pending ? [PENDING_RELOAD_WARNING] : []))
      .catch(() => []));
  const wrap = (h: ResourceHandler): ResourceHandler =>
    withOperationTimeouts(
      withReload(h, () => reloader, pendingWarning),
      ctx,
    );
  return {
    validateConfig(config) {
      const out: Diagnostic[] = [];
      const bad = timeoutDiagnostic(config);
      if (bad) out.push(bad);
      if (config.url === undefined || isUnknown(config.url) || config.url === null) return out;
      const url = knownString(config, 'url')!;
      if (!/^https?:\/\/./.test(url)) out.push(attrError(['url'], 'Invalid platform URL', `"${url}" must start with http:// or https://.`));
      return out;
    },
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
      pendingChecked = undefined;
      ctx.plannedGroupNames.clear();
      ctx.groupLists.clear();
      return [];
    },
    resources: {
      dsiprouter_inbound_mapping: wrap(inboundMappingResource(ctx)),
      dsiprouter_outbound_route: wrap(outboundRouteResource(ctx)),
      dsiprouter_endpoint_lease: wrap(endpointLeaseResource(ctx)),
      dsiprouter_carrier_group: wrap(carrierGroupResource(ctx)),
    },
    dataSources: dataSources(ctx),
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
