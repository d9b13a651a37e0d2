import { readFileSync } from 'node:fs';
import type { PlatformClient } from '../api/client.js';
import { caProblem, type ConnectionOptions, type RequestEvent, type SettingNames } from '../api/connection.js';
import { operationDeadline } from '../api/retry.js';
import { DsipformError } from '../model/errors.js';
import { credentialsProblem, shownUrl } from '../model/platform-url.js';
import type { ProviderContext } from './context.js';
import { Reloader } from './reloader.js';
import { SaidOnce } from './said-once.js';
import { countRequest, counted } from './operation-tally.js';
import { requestLogger } from './request-log.js';
import { dataSources } from './resources/data-sources.js';
import { managedResources } from './resources/managed.js';
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
  const log = requestLogger(env);
  // Every attempt is counted for the operation it serves, so a timeout says what was tried.
  const onRequest = (e: RequestEvent): void => {
    countRequest();
    log?.(e);
  };
  const url = knownString(config, 'url') ?? env.DSIP_URL;
  if (!url)
    return attrError(
      ['url'],
      'No platform URL',
      'Set url in the provider block, or the DSIP_URL environment variable, e.g. https://sip.example.com:5000.',
    );
  const badUrl = urlDiagnostic(url);
  if (badUrl) return badUrl;
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
  if (!isProfile(profile)) return profileDiagnostic(profile, config.api_profile === null || config.api_profile === undefined);
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
    onRequest,
    ...(ca ? { ca } : {}),
  };
}

/** A platform URL refused: one with a password in it (never shown), or not http(s). */
function urlDiagnostic(url: string): Diagnostic | undefined {
  const credentials = credentialsProblem(url);
  if (credentials)
    return attrError(
      ['url'],
      'Credentials in the platform URL',
      `${credentials}. Remove user:password@ from url; the API token (the token attribute, or DSIP_TOKEN) is the one credential sent.`,
    );
  if (!/^https?:\/\/./.test(url))
    return attrError(['url'], 'Invalid platform URL', `"${shownUrl(url)}" must start with http:// or https://.`);
  return undefined;
}

const PROFILES = ['auto', 'spec', 'current'] as const;
const isProfile = (v: string): v is (typeof PROFILES)[number] => (PROFILES as readonly string[]).includes(v);

/** An api_profile that is none of the three, at the attribute (or naming DSIP_API_PROFILE when it came from there). */
function profileDiagnostic(profile: string, fromEnv: boolean): Diagnostic {
  return attrError(
    ['api_profile'],
    'Invalid api_profile',
    `${JSON.stringify(profile)}${fromEnv ? ' (from DSIP_API_PROFILE)' : ''} is not one of ${PROFILES.join(', ')}: ` +
      'spec for the documented API, current for the deployed release, auto to ask the platform.',
  );
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
 * The dsiprouter provider: resources and data sources over the platform client. The client is
 * created (and undici loaded) only at ConfigureProvider, keeping Terraform's many provider starts
 * cheap. Applies that wrote wait for a shared proxy reload (unless `reload = false`), so a failed
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
  // Asked once per configuration, at the first plan (before this process writes anything): a
  // failure is every plan's error, so `terraform plan` used as a gate fails with broken credentials.
  const platformCheck = async (): Promise<Diagnostic[]> => {
    platformChecked ??= (async () => ctx.client().pendingReload())().then(
      (pending) => ({ pending }),
      (err: unknown) => ({ error: apiDiagnostic('read the platform to plan', err) }),
    );
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
    validateConfig(config) {
      const out: Diagnostic[] = [];
      const bad = timeoutDiagnostic(config);
      if (bad) out.push(bad);
      const profile = knownString(config, 'api_profile');
      if (profile !== undefined && !isProfile(profile)) out.push(profileDiagnostic(profile, false));
      if (config.url === undefined || isUnknown(config.url) || config.url === null) return out;
      const url = knownString(config, 'url')!;
      const badUrl = urlDiagnostic(url);
      if (badUrl) out.push(badUrl);
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
      platformChecked = undefined;
      warned = false;
      said.reset();
      allowDangling = config.allow_dangling === true;
      ctx.plannedGroupNames.clear();
      ctx.plannedGroupGateways.clear();
      ctx.groupLists.clear();
      ctx.didHolders.clear();
      ctx.stateRuleids.clear();
      return [];
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
