import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { resolveConnection, type ConnectionFlags } from '../../src/cli/connection.js';
import type { CliIo } from '../../src/cli/io.js';
import { redact } from '../../src/cli/io.js';
import { DsipformError } from '../../src/model/errors.js';
import { emulatorCertificate } from '../../src/emulator/tls.js';

const dir = mkdtempSync(join(tmpdir(), 'dsipform-conn-'));
const tokenFile = join(dir, 'token');
writeFileSync(tokenFile, 'from-file-token\n', { mode: 0o600 });
const caFile = join(dir, 'ca.pem');
writeFileSync(caFile, (await emulatorCertificate()).cert);

function io(env: NodeJS.ProcessEnv): CliIo {
  return {
    stdin: new PassThrough(),
    stdinIsTTY: false,
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env,
    isTTY: false,
    secrets: new Set(),
    now: Date.now,
  };
}

describe('resolveConnection', () => {
  it('reads URL and token from the environment and registers the token as a secret', () => {
    const ctx = io({ DSIP_URL: 'https://sip.example.com:5000', DSIP_TOKEN: 'env-token' });
    const c = resolveConnection({ timeout: '30000' }, ctx);
    expect(c).toMatchObject({ url: 'https://sip.example.com:5000', token: 'env-token', insecure: false, timeoutMs: 30000 });
    expect(ctx.secrets.has('env-token')).toBe(true);
  });

  it('prefers flags: --url, --token-file (trimmed), --ca, --insecure, --timeout', () => {
    const c = resolveConnection(
      { url: 'http://127.0.0.1:1', tokenFile, ca: caFile, insecure: true, timeout: '500' },
      io({ DSIP_URL: 'https://other', DSIP_TOKEN: 'env-token' }),
    );
    expect(c).toMatchObject({ url: 'http://127.0.0.1:1', token: 'from-file-token', insecure: true, timeoutMs: 500 });
    expect(c.ca).toContain('BEGIN CERTIFICATE');
  });

  it('takes DSIP_CA and DSIP_INSECURE=1 from the environment', () => {
    const c = resolveConnection({ timeout: '1' }, io({ DSIP_URL: 'https://h:5000', DSIP_TOKEN: 't', DSIP_CA: caFile, DSIP_INSECURE: '1' }));
    expect(c.insecure).toBe(true);
    expect(c.ca).toContain('BEGIN CERTIFICATE');
  });

  it.each<[string, ConnectionFlags, NodeJS.ProcessEnv, string, RegExp]>([
    ['no URL', {}, { DSIP_TOKEN: 't' }, 'CONFIG_NO_URL', /--url URL or set DSIP_URL/],
    ['a bad URL', { url: 'sip.example.com' }, { DSIP_TOKEN: 't' }, 'CONFIG_BAD_URL', /https:\/\/host:5000/],
    ['a non-HTTP URL', { url: 'ftp://h' }, { DSIP_TOKEN: 't' }, 'CONFIG_BAD_URL', /https:\/\/host:5000/],
    ['no token', { url: 'http://h' }, {}, 'CONFIG_NO_TOKEN', /DSIP_TOKEN or pass --token-file/],
    ['a token on the command line', { url: 'http://h', token: 'secret-in-argv' }, {}, 'CONFIG_TOKEN_ON_COMMAND_LINE', /ps/],
    ['a missing token file', { url: 'http://h', tokenFile: join(dir, 'nope') }, {}, 'CONFIG_FILE_UNREADABLE', /--token-file/],
    ['a missing CA file', { url: 'http://h', ca: join(dir, 'nope.pem') }, { DSIP_TOKEN: 't' }, 'CONFIG_FILE_UNREADABLE', /--ca/],
    ['a bad timeout', { url: 'http://h', timeout: 'soon' }, { DSIP_TOKEN: 't' }, 'CONFIG_BAD_TIMEOUT', /--timeout 10000/],
  ])('rejects %s with a code and a hint', (_case, flags, env, code, hint) => {
    let caught: unknown;
    try {
      resolveConnection(flags, io(env));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DsipformError);
    expect((caught as DsipformError).code).toBe(code);
    expect((caught as DsipformError).hint).toMatch(hint);
    expect((caught as DsipformError).message).not.toContain('secret-in-argv');
  });
});

describe('redact', () => {
  it('removes every known secret', () => {
    expect(redact('a tok-123 b tok-123 pw-999', new Set(['tok-123', 'pw-999']))).toBe('a (sensitive) b (sensitive) (sensitive)');
  });
});
