import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { emulatorCertificate } from '../../src/emulator/tls.js';
import { runCli } from '../helpers/cli.js';

/**
 * Walks the failures a user can cause, running the real CLI as a process, and holds each to the
 * promise the README makes: exit 1, an `error (CODE):` line saying what and where, a `hint:` line saying
 * what to do, no stack trace, and never "internal error" (which is for bugs only).
 */
const TOKEN = 'user-errors-token-0123456789';
const example = fileURLToPath(new URL('../../examples/basic', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'dsipform-user-errors-'));
const file = (name: string, text: string, mode = 0o644): string => {
  writeFileSync(join(dir, name), text, { mode });
  return join(dir, name);
};

let busy: Server;
let busyPort: number;
let emu: RunningEmulator;
const pems: Record<'cert' | 'otherKey', string> = { cert: '', otherKey: '' };
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as AddressInfo).port;
  emu = await startEmulator({ port: 0, token: TOKEN });
  const [a, b] = [await emulatorCertificate(), await emulatorCertificate()];
  pems.cert = file('cert.pem', a.cert);
  pems.otherKey = file('other-key.pem', b.key);
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  await emu.close();
});

interface Case {
  readonly args: () => string[];
  readonly env?: NodeJS.ProcessEnv;
  /** The words the user must see on the `error (CODE):` line. */
  readonly says: RegExp;
}

const cases: Record<string, Case> = {
  // The emulator's start-up failures.
  'emulator: port in use': {
    args: () => ['emulator', '--port', String(busyPort)],
    says: /cannot listen on 127\.0\.0\.1:\d+: the port is already in use/,
  },
  'emulator: address not on this host': {
    args: () => ['emulator', '--port', '0', '--host', '192.0.2.1'],
    says: /192\.0\.2\.1 is not an address of this machine/,
  },
  'emulator: host name that does not resolve': {
    args: () => ['emulator', '--port', '0', '--host', 'no-such-host.invalid'],
    says: /no address found for the host name no-such-host\.invalid/,
  },
  'emulator: corrupt --data (not JSON)': {
    args: () => ['emulator', '--port', '0', '--data', file('broken.json', '{ not json')],
    says: /emulator data file \S+broken\.json is corrupt: it is not valid JSON/,
  },
  'emulator: corrupt --data (not a snapshot)': {
    args: () => ['emulator', '--port', '0', '--data', file('other.json', '{"routes": []}')],
    says: /emulator data file \S+other\.json is corrupt: format is undefined/,
  },
  'emulator: unreadable --data (a directory)': {
    args: () => ['emulator', '--port', '0', '--data', dir],
    says: /cannot read the emulator data file \S+ \(EISDIR\)/,
  },
  'emulator: --data in a missing directory': {
    args: () => ['emulator', '--port', '0', '--data', join(dir, 'missing', 'emu.json')],
    says: /cannot write the emulator data file \S+: the directory \S+missing does not exist/,
  },
  'emulator: --tls-cert and --tls-key not a pair': {
    args: () => ['emulator', '--port', '0', '--tls-cert', pems.cert, '--tls-key', pems.otherKey],
    says: /--tls-key \S+ does not belong to --tls-cert \S+/,
  },
  'emulator: --tls-cert not a certificate': {
    args: () => ['emulator', '--port', '0', '--tls-cert', file('junk.pem', 'hello'), '--tls-key', pems.otherKey],
    says: /--tls-cert \S+junk\.pem is not a PEM certificate/,
  },
  'emulator: --tls-cert without --tls-key': {
    args: () => ['emulator', '--port', '0', '--tls-cert', pems.cert],
    says: /--tls-cert and --tls-key go together/,
  },
  'emulator: --tls-key missing file': {
    args: () => ['emulator', '--port', '0', '--tls-cert', pems.cert, '--tls-key', join(dir, 'nope.pem')],
    says: /cannot read --tls-key \S+nope\.pem \(ENOENT\)/,
  },
  'emulator: empty --token': { args: () => ['emulator', '--port', '0', '--token', ''], says: /--token is empty/ },
  'emulator: empty DSIP_TOKEN': { args: () => ['emulator', '--port', '0'], env: { DSIP_TOKEN: '' }, says: /DSIP_TOKEN is empty/ },
  'emulator: empty --token-file': {
    args: () => ['emulator', '--port', '0', '--token-file', file('empty-token', '\n', 0o600)],
    says: /the token file \S+empty-token is empty/,
  },
  'emulator: missing --token-file': {
    args: () => ['emulator', '--port', '0', '--token-file', join(dir, 'no-token')],
    says: /cannot read the token file \S+no-token \(ENOENT\)/,
  },
  'emulator: --token with --token-file': {
    args: () => ['emulator', '--port', '0', '--token', 'x1234', '--token-file', file('token', TOKEN)],
    says: /--token and --token-file exclude each other/,
  },
  'emulator: bad --port': { args: () => ['emulator', '--port', '70000'], says: /--port "70000" is not a port number/ },
  'emulator: empty --port': { args: () => ['emulator', '--port', ''], says: /--port "" is not a port number/ },
  'emulator: bad --body-timeout': {
    args: () => ['emulator', '--port', '0', '--body-timeout', 'soon'],
    says: /--body-timeout "soon" is not a whole number of milliseconds/,
  },
  'emulator: bad --max-connections': {
    args: () => ['emulator', '--port', '0', '--max-connections', '-1'],
    says: /--max-connections "-1" is not a whole number of connections/,
  },
  'emulator: unknown --profile': { args: () => ['emulator', '--port', '0', '--profile', 'latest'], says: /argument 'latest' is invalid/ },
  // A sample of the other commands' user errors.
  'validate: missing file': { args: () => ['validate', join(dir, 'nope.yaml')], says: /1 problem in the configuration/ },
  'validate: YAML syntax error': {
    args: () => ['validate', file('bad.yaml', 'inbound_mappings: [\n')],
    says: /1 problem in the configuration/,
  },
  'stats: unreachable URL': {
    args: () => ['stats', '--url', 'http://127.0.0.1:9', '--max-attempts', '1'],
    env: { DSIP_TOKEN: TOKEN },
    says: /connection to http:\/\/127\.0\.0\.1:9 refused/,
  },
  'stats: not a URL': {
    args: () => ['stats', '--url', 'sip.example.com'],
    env: { DSIP_TOKEN: TOKEN },
    says: /the platform URL "sip\.example\.com" is not a URL/,
  },
  'stats: wrong token': { args: () => ['stats', '--url', emu.url], env: { DSIP_TOKEN: 'wrong-token-123' }, says: /unauthorized/ },
  'stats: bad --timeout': {
    args: () => ['stats', '--url', emu.url, '--timeout', 'abc'],
    env: { DSIP_TOKEN: TOKEN },
    says: /--timeout "abc" is not a positive number of milliseconds/,
  },
  'stats: unknown --format': {
    args: () => ['stats', '--url', emu.url, '--format', 'xml'],
    env: { DSIP_TOKEN: TOKEN },
    says: /argument 'xml' is invalid/,
  },
  'stats: unknown option': { args: () => ['stats', '--frobnicate'], says: /unknown option '--frobnicate'/ },
  'stats: corrupt --emulator-data': {
    args: () => ['stats', '--emulator', '--emulator-data', join(dir, 'broken.json')],
    says: /emulator data file \S+broken\.json is corrupt/,
  },
  'apply: corrupt plan file': {
    args: () => ['apply', '--plan', file('plan.json', '{ "format_version": '), '--emulator', '--auto-approve'],
    says: /plan\.json is not a plan file/,
  },
  'apply: bad --parallelism': {
    args: () => ['apply', example, '--emulator', '--auto-approve', '--parallelism', 'x', '--state', join(dir, 'state.json')],
    says: /--parallelism "x" is not a whole number/,
  },
  'lease obtain: bad --ttl': {
    args: () => ['lease', 'obtain', '--emulator', '--email', 'a@example.com', '--ttl', 'forever', '--state', join(dir, 'state.json')],
    says: /--ttl "forever" is not a positive duration/,
  },
  // The state holds lease passwords: it must be the owner's alone before its contents are even read.
  'output leases: corrupt state file': {
    args: () => ['output', 'leases', '--state', file('broken-state.json', '{ "leases": ', 0o600)],
    says: /state file \S+broken-state\.json is corrupt/,
  },
  'output leases: state file readable by others': {
    args: () => ['output', 'leases', '--state', file('open-state.json', '{}', 0o644)],
    says: /open-state\.json is open to other users \(mode 0644\)/,
  },
  'export: --out in a missing directory': {
    args: () => ['export', '--emulator', '--out', join(dir, 'missing', 'live.yaml')],
    says: /cannot write \S+live\.yaml \(ENOENT\)/,
  },
  'terraform-mirror: a file in the way': {
    args: () => ['terraform-mirror', join(file('a-file', 'x'), 'mirror')],
    says: /cannot create the mirror directory \S+a-file\/mirror/,
  },
};

describe('every user-facing failure is a coded error with a hint, never a crash', () => {
  mkdirSync(dir, { recursive: true });
  it.each(Object.keys(cases))('%s', async (name) => {
    const c = cases[name]!;
    const r = await runCli(c.args(), c.env);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).not.toMatch(/internal error/i);
    expect(r.stderr, 'no stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(r.stderr).toMatch(/^error \([A-Z][A-Z0-9_]*\): .+$/m);
    expect(/^error \([A-Z][A-Z0-9_]*\): (.+)$/m.exec(r.stderr)![1]).toMatch(c.says);
    expect(r.stderr).toMatch(/^ *hint: \S.+$/m);
    if (c.args()[0] === 'emulator') expect(r.stdout).toBe(''); // never "listening on"
  });
});
