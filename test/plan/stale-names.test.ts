import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { runMain } from '../helpers/in-process.js';

/*
 * A saved plan that the platform moved away from is refused naming the collections that changed,
 * not every collection the plan manages: only the routes changed, so the refusal names the routes.
 */

const FILE = [
  'version: 1',
  'inbound_mappings:',
  '  - {did: "15551230001", servers: ["23"]}',
  '  - {did: "", servers: ["#1"]}',
  'outbound_routes:',
  '  - {name: US, prefix: "1", gwgroupid: "1"}',
  '  - {name: Everything else, prefix: "", gwgroupid: "2"}',
  '',
].join('\n');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-stale-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a stale saved plan names what changed', () => {
  it.each([
    ['only the routes', 'outbound_routes'],
    ['only the mappings', 'inbound_mappings'],
    ['both', 'inbound_mappings and outbound_routes'],
  ])('%s changed since the plan: the refusal names %s', async (what, named) => {
    const { emu, client } = await emulatorFixture();
    const env = { DSIP_TOKEN: emu.token };
    const file = join(dir, 'config.yaml');
    const out = join(dir, 'plan.json');
    await writeFile(file, FILE);
    expect((await runMain(['plan', file, '--url', emu.url, '--out', out], { env })).code).toBe(0);
    if (what !== 'only the mappings') await client.createOutboundRoute({ name: 'Added by hand', prefix: '44', gwgroupid: '3' });
    if (what !== 'only the routes') await client.createInboundMapping({ did: '15559990000', servers: ['24'] });

    const applied = await runMain(['apply', '--plan', out, '--url', emu.url, '--auto-approve'], { env });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(new RegExp(`the live state of ${named} has changed since the plan was made`));
  });

  it('a plan of one collection names it, as before', async () => {
    const { emu, client } = await emulatorFixture();
    const env = { DSIP_TOKEN: emu.token };
    const file = join(dir, 'routes.yaml');
    const out = join(dir, 'plan.json');
    await writeFile(file, `version: 1\n${FILE.slice(FILE.indexOf('outbound_routes:'))}`);
    expect((await runMain(['plan', file, '--url', emu.url, '--out', out], { env })).code).toBe(0);
    await client.createOutboundRoute({ name: 'Added by hand', prefix: '44', gwgroupid: '3' });
    const applied = await runMain(['apply', '--plan', out, '--url', emu.url, '--auto-approve'], { env });
    expect(applied.stderr).toMatch(/the live state of outbound_routes has changed since the plan was made/);
  });
});
