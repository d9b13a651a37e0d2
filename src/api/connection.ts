import { X509Certificate } from 'node:crypto';
import type { ProfileChoice } from './profile.js';
import type { RetryPolicy } from './retry.js';

/** How to reach the platform; the same for every command that talks to it. */
export interface ConnectionOptions {
  /** Base URL, e.g. `https://sip.example.com:5000`; the client appends `/api/v1`. */
  readonly url: string;
  /** The API token. Held privately by the client; never printed. */
  readonly token: string;
  /** PEM certificate(s) to trust in addition to the system's. */
  readonly ca?: string;
  /** Skip TLS verification (self-signed installs, like `curl -k`). */
  readonly insecure?: boolean;
  /** Per-request timeout in milliseconds (connect, headers, body). Default 30,000. */
  readonly timeoutMs?: number;
  /** Most connections kept open to the platform at once. Default 32. */
  readonly connections?: number;
  /** Retry bounds; see `DEFAULT_RETRY`. */
  readonly retry?: Partial<RetryPolicy>;
  /** The API profile, or `auto` (the default): detected once, on first use. */
  readonly profile?: ProfileChoice;
  /**
   * The run's secrets. The client adds its token and every lease password it obtains, and removes
   * all of them from whatever the platform answers before it becomes an error or a result. Pass
   * the set the rest of the run redacts with (lease passwords read from a state file join it there).
   */
  readonly secrets?: Set<string>;
  /**
   * Told of every HTTP request once it ends (for debug logs): method, path with query, status
   * (undefined when no answer came) and duration. Never the headers or the body.
   */
  readonly onRequest?: (event: RequestEvent) => void;
  /** How the front end names its settings in error hints; default: the CLI's flags. */
  readonly settingNames?: SettingNames;
}

/**
 * How one front end (CLI flags, Terraform provider attributes) names the connection settings, so
 * an error's hint tells the user what to change where they configure it. Each is a phrase that
 * fits after "check"/"pass"/"raise" in a sentence and names the environment variable too.
 */
export interface SettingNames {
  readonly url: string;
  readonly token: string;
  readonly ca: string;
  readonly insecure: string;
  readonly profile: string;
  readonly timeout: string;
  readonly parallelism: string;
}

/** The CLI's names: its flags and environment variables. */
export const CLI_SETTING_NAMES: SettingNames = {
  url: '--url (or DSIP_URL)',
  token: 'DSIP_TOKEN or --token-file',
  ca: '--ca FILE (or DSIP_CA)',
  insecure: '--insecure (DSIP_INSECURE=1)',
  profile: '--api-profile spec|current',
  timeout: '--timeout MS',
  parallelism: '--parallelism',
};

/** One finished HTTP request, as `onRequest` sees it. */
export interface RequestEvent {
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly ms: number;
}

/** Default per-request timeout. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The API root for a base URL: trailing slashes dropped, `/api/v1` appended. */
export function apiRoot(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${API_ROOT_PATH}`;
}

/** Where the API root hangs below the platform's base URL. */
export const API_ROOT_PATH = '/api/v1';

/**
 * Why `pem` cannot serve as a CA to trust, or `null` when it can: it must hold at least one PEM
 * certificate (`-----BEGIN CERTIFICATE-----`), and each must parse. A key, a CSR or a DER file is
 * refused here, where the mistake is still clear, rather than as a certificate error at connect.
 */
export function caProblem(pem: string): string | null {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
  if (!blocks)
    return /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)
      ? 'it holds a private key, not a certificate'
      : 'it holds no PEM certificate (-----BEGIN CERTIFICATE-----)';
  for (const [i, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch {
      return `its certificate ${i + 1} does not parse`;
    }
  }
  return null;
}
