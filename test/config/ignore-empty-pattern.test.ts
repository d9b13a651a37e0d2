import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { compileIgnore } from '../../src/model/globs.js';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { F, ROOT } from './helpers.js';

const TOKEN = 'ignore-test-token-0123456789abcdef';
const running: EmulatorProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

describe('policy.ignore with the empty pattern ""', () => {
  it('plan leaves exactly the default mapping (DID "") alone and still deletes the others', async () => {
    const emu = await startEmulatorProcess(['--token', TOKEN]);
    running.push(emu);
    const client = new PlatformClient({ url: emu.url, token: TOKEN });
    await client.createInboundMapping({ did: '', servers: ['16'], notes: 'default' });
    await client.createInboundMapping({ did: '1800', servers: ['16'], notes: '' });
    await client.close();
    const state = join(mkdtempSync(join(tmpdir(), 'dsipform-ignore-')), 'state.json');
    // --tz: the proxy's zone given, so stderr holds no PROXY_ZONE_UNDECLARED warning either.
    const args = ['plan', join(ROOT, F, 'ignore-empty-pattern.yaml'), '--url', emu.url, '--state', state, '--tz', 'UTC'];
    const r = await runCli(args, { DSIP_TOKEN: TOKEN });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# inbound_mapping "155" will be created');
    expect(r.stdout).toContain('# inbound_mapping "1800" will be deleted');
    expect(r.stdout).not.toMatch(/inbound_mapping "" will be deleted/);
    expect(r.stdout).toContain('Plan: 1 to create, 0 to update, 1 to delete.');
  });
});

describe('compileIgnore', () => {
  it.each([
    [[''], '', true],
    [[''], '155', false],
    [['', '1800*'], '18005550100', true],
    [['1800*'], '', false],
    [['*'], '', false],
  ])('%j matches %j: %s', (globs, name, expected) => {
    expect(compileIgnore(globs)(name)).toBe(expected);
  });
});
