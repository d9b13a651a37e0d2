import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';
import { startTinyServer } from '../helpers/tiny-server.js';

const LEASE = (ttl = '15m') => `version: 1
endpoint_leases:
  - name: ci-softphone
    email: ops@example.com
    ttl: ${ttl}
`;
const MAPPING = 'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["1"]\n';

describe('one ttl rule at every entry point', () => {
  it('lease obtain --ttl 2500000000h is refused before any request, with the cap', async () => {
    const s = await scenario();
    const before = (await s.client.proxyStats()).total;
    const r = await s.run(['lease', 'obtain', '--email', 'ops@example.com', '--ttl', '2500000000h', '--state', join(s.dir, 's.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error (CLI_BAD_OPTION): --ttl "2500000000h" must be at most 3153600000 seconds (100 years)\nhint: Give a shorter ttl, e.g. --ttl 24h, and obtain a new lease when it runs out.\n',
    );
    expect((await s.client.proxyStats()).total - before).toBe(1); // only this stats request
    expect(existsSync(join(s.dir, 's.json'))).toBe(false);
  });

  it('a file with ttl 2500000000h is refused at validate, with file:line:col', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE('2500000000h'));
    const r = await s.run(['validate', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path}:5:10: endpoint_leases[0].ttl must be at most 3153600000 seconds (100 years), not "2500000000h"`);
  });
});

describe('the state file is private and real', () => {
  it('refuses a group- or world-readable state file, with the chmod that fixes it', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE());
    await s.converge([path]);
    const file = join(s.dir, '.dsipform', 'state.json');
    chmodSync(file, 0o644);
    for (const args of [
      ['plan', path],
      ['apply', path, '--auto-approve'],
      ['output', 'leases', path],
    ]) {
      const r = await s.run(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `error (STATE_PERMISSIONS): the state file ${file} is open to other users (mode 0644), but it holds lease passwords\nhint: run: chmod 600 ${file} (if others may have read it, revoke its leases and obtain new ones)\n`,
      );
    }
    chmodSync(file, 0o600);
    expect((await s.run(['plan', path, '--detailed-exitcode'])).code).toBe(0);
  });

  it('refuses a state file or .dsipform/ directory that is a symbolic link, naming the real file', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE());
    await s.converge([path]);
    const dir = join(s.dir, '.dsipform');
    const real = join(s.dir, 'elsewhere');
    mkdirSync(real, { mode: 0o700 });
    renameSync(join(dir, 'state.json'), join(real, 'state.json'));
    symlinkSync(join(real, 'state.json'), join(dir, 'state.json'));
    const file = await s.run(['apply', path, '--auto-approve']);
    expect(file.code).toBe(1);
    expect(file.stderr).toContain(
      `error (STATE_SYMLINK): the state file ${join(dir, 'state.json')} is a symbolic link to ${join(real, 'state.json')}`,
    );
    expect(file.stderr).toContain(`hint: point --state at the real file: --state ${join(real, 'state.json')}`);
    expect((await s.run(['plan', path, '--detailed-exitcode', '--state', join(real, 'state.json')])).code).toBe(0);

    renameSync(dir, join(s.dir, 'moved'));
    symlinkSync(real, dir);
    const linkedDir = await s.run(['plan', path]);
    expect(linkedDir.code).toBe(1);
    expect(linkedDir.stderr).toContain(`error (STATE_SYMLINK): the state directory ${dir} is a symbolic link to ${real}`);
  });

  it('refuses a state file with a duplicate key (an appended "leases": {} would empty it), naming the file', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE());
    await s.converge([path]);
    const file = join(s.dir, '.dsipform', 'state.json');
    const text = readFileSync(file, 'utf8').trimEnd();
    const broken = `${text.slice(0, -1)},\n  "leases": {}\n}\n`;
    writeFileSync(file, broken); // in place: the mode stays 0600
    const r = await s.run(['apply', path, '--auto-approve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error (STATE_CORRUPT): the state file ${file} is corrupt: the key "leases" appears twice in one object`);
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });
});

describe('the state exists only when there is something to keep', () => {
  it('files without leases: no State line, no .dsipform/, for plan and apply', async () => {
    const s = await scenario();
    const path = s.file('routing.yaml', MAPPING);
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).not.toContain('State:');
    await s.converge([path]);
    expect(readdirSync(s.dir)).toEqual(['routing.yaml']);
  });

  it('files that declare no lease yet: the State line shows, but no empty .dsipform/ is left', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', 'version: 1\nendpoint_leases: []\n');
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toContain(`State:   ${join(s.dir, '.dsipform', 'state.json')}`);
    await s.converge([path]);
    expect(readdirSync(s.dir)).toEqual(['leases.yaml']);
  });
});

describe('a lease the platform issued is always recorded', () => {
  it.each([
    ['"2500000000h"', '2500000000h'],
    ['1e300', 1e300],
  ])('even when the platform answers a ttl of %s', async (_label, ttl) => {
    const server = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: [{ leaseid: 7, username: 'lease7', password: 'pw-from-the-platform-0123456789ab', domain: 'sip.example.com', ttl }],
          error: '',
          msg: 'Lease created',
          kamreload: false,
          dsipreload: false,
        }),
      );
    });
    try {
      const s = await scenario();
      const file = join(s.dir, 's.json');
      const r = await s.run(['lease', 'obtain', '--email', 'me@example.com', '--ttl', '15m', '--state', file], {
        env: { DSIP_URL: server.url, DSIP_TOKEN: 't', DSIP_API_PROFILE: 'spec' },
      });
      expect(r.code, r.stderr).toBe(0);
      const [rec] = (
        JSON.parse(readFileSync(file, 'utf8')) as { leases: { lease_id: number; ttl: number; expires_at: string; target: string }[] }
      ).leases;
      expect(rec).toMatchObject({ lease_id: 7, target: server.url });
      expect(Date.parse(rec!.expires_at)).toBeGreaterThan(Date.now() + 365 * 86_400_000);
      expect(r.stdout).toContain(`expires ${rec!.expires_at}.`);
    } finally {
      await server.close();
    }
  });
});
