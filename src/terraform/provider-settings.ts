import { readFileSync } from 'node:fs';
import { caProblem, type ConnectionOptions, type RequestEvent, type SettingNames } from '../api/connection.js';
import { credentialsProblem, shownUrl } from '../model/platform-url.js';
import { countRequest } from './operation-tally.js';
import { requestLogger } from './request-log.js';
import { isUnknown, type Diagnostic, type TfObject } from './types.js';
import { attrError, knownNumber, knownString } from './values.js';

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

/**
 * The client's connection options from the provider block, falling back to the DSIP_* environment
 * variables, or the diagnostic of the first setting that is missing or wrong.
 */
export function connectionFrom(config: TfObject, env: NodeJS.ProcessEnv): ConnectionOptions | Diagnostic {
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

/**
 * ValidateProviderConfig: the settings that can be checked without the platform (timeout_ms,
 * api_profile, the URL's form). Unknown values pass: they are checked at ConfigureProvider.
 */
export function validateProviderConfig(config: TfObject): Diagnostic[] {
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
}
