import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { resolveConnection } from '../../src/cli/connection.js';
import type { CliIo } from '../../src/cli/io.js';
import { parseTargets } from '../../src/config/targets.js';
import { formatIssue } from '../../src/config/issue.js';
import { DsipformError } from '../../src/model/errors.js';
import { hasCredentials, shownUrl } from '../../src/model/platform-url.js';
import { createProvider } from '../../src/terraform/provider.js';
import { checkWebhookUrl } from '../../src/watch/webhook.js';

// A password written into a URL would be printed wherever the URL is: every way in refuses it.
const PASSWORD = 'hunter2-Pa55word';
const WITH = `https://admin:${PASSWORD}@sip.example.com:5000`;
const PROVIDER_CONFIG = { url: null, token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null, api_profile: null };

function io(env: NodeJS.ProcessEnv): CliIo {
  const stream = (): PassThrough => new PassThrough();
  return { stdin: stream(), stdinIsTTY: false, stdout: stream(), stderr: stream(), env, isTTY: false, secrets: new Set(), now: Date.now };
}

/** The error `fn` throws, as a user reads it: code, message and hint. */
function thrown(fn: () => unknown): { code: string; said: string } {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof DsipformError)) throw err;
    return { code: err.code, said: `${err.message}\n${err.hint ?? ''}` };
  }
  throw new Error('nothing was thrown');
}

describe('credentials in a URL', () => {
  it.each([
    [WITH, true, 'https://***@sip.example.com:5000/'],
    ['https://admin@sip.example.com:5000', true, 'https://***@sip.example.com:5000/'],
    [`http://u:${PASSWORD}@host name/`, true, 'http://***@host name/'],
    ['https://sip.example.com:5000/a@b', false, 'https://sip.example.com:5000/a@b'],
  ])('%s: credentials %s, shown as %s', (url, has, shown) => {
    expect(hasCredentials(url)).toBe(has);
    expect(shownUrl(url)).toBe(shown);
  });

  it.each([
    ['--url', { url: WITH }, { DSIP_TOKEN: 't' }],
    ['DSIP_URL', {}, { DSIP_URL: WITH, DSIP_TOKEN: 't' }],
  ])('%s with user:password@ is refused, naming it, without the password', (setting, flags, env) => {
    const { code, said } = thrown(() => resolveConnection(flags, io(env)));
    expect(code).toBe('CONFIG_URL_CREDENTIALS');
    expect(said).toContain(`${setting}: the URL https://***@sip.example.com:5000/ carries a user name or password`);
    expect(said).toContain('set DSIP_TOKEN or use --token-file FILE');
    expect(said).not.toContain(PASSWORD);
  });

  it('a library client refuses it too, before any request', () => {
    const { code, said } = thrown(() => new PlatformClient({ url: WITH, token: 't' }));
    expect(code).toBe('CONFIG_URL_CREDENTIALS');
    expect(said).not.toContain(PASSWORD);
  });

  it('a targets file refuses it at the url:, without the password', () => {
    const result = parseTargets('t.yaml', `targets:\n  s:\n    url: ${WITH}\n    token: { env: A }\n    paths: [a/]\n`);
    const said = result.ok ? '' : result.issues.map((i) => formatIssue(i)).join('\n');
    expect(said).toContain('t.yaml:3:10: target "s" url: the URL https://***@sip.example.com:5000/ carries a user name or password');
    expect(said).toContain('token: { env: NAME }');
    expect(said).not.toContain(PASSWORD);
  });

  it('the provider refuses it at url (block or DSIP_URL), at validate and configure, without the password', async () => {
    const p = await createProvider({ DSIP_URL: WITH });
    const atValidate = p.validateConfig({ ...PROVIDER_CONFIG, url: WITH });
    const fromEnv = await p.configure({ ...PROVIDER_CONFIG, token: 't' });
    for (const diags of [atValidate, fromEnv]) {
      expect(diags).toMatchObject([{ severity: 'error', summary: 'Credentials in the platform URL', attribute: ['url'] }]);
      expect(JSON.stringify(diags)).not.toContain(PASSWORD);
    }
  });

  it('--webhook: refused with credentials or when not http(s), never shown (its path may be its secret)', () => {
    const hook = `https://bot:${PASSWORD}@hooks.example.com/services/T0K3N`;
    const creds = thrown(() => checkWebhookUrl(hook));
    expect(creds.code).toBe('CONFIG_URL_CREDENTIALS');
    expect(creds.said).toContain('--webhook: the URL carries a user name or password');
    const notHttp = thrown(() => checkWebhookUrl('ftp://hooks.example.com/T0K3N'));
    expect(notHttp.code).toBe('CLI_BAD_OPTION');
    for (const said of [creds.said, notHttp.said]) {
      expect(said).not.toContain(PASSWORD);
      expect(said).not.toContain('T0K3N');
    }
    expect(() => checkWebhookUrl('https://hooks.example.com/services/T0K3N')).not.toThrow();
  });
});
