import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.js';
import { startTinyServer } from '../helpers/tiny-server.js';

/** A live mapping made through the API (the current profile does not check its servers). */
async function liveMapping(s: Scenario, did: string, name: string, servers: string[] = ['66']): Promise<void> {
  await s.client.createInboundMapping({ did, servers, notes: name });
}

/** The live mappings as `did servers name`, by DID. */
async function mappings(s: Scenario): Promise<string[]> {
  return (await s.client.listInboundMappings()).map((m) => `${m.did} ${m.servers.join(',')} ${m.notes}`).sort();
}

const EMPTIES = 'number 15557770002 → available: the platform empties its inbound mapping 15557770002 (Acme main)';

describe('the platform side effects, in every format of the plan (issue 35 §3)', () => {
  it('each number written available names the mapping the platform empties (read, though the files manage no mappings)', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await liveMapping(s, '15557770002', 'Acme main');
    const path = s.file(
      'numbers.yaml',
      'version: 1\nnumbers:\n  - did: "15557770002"\n    status: available\n  - did: "+15557770004"\n    status: available\n',
    );
    const text = await s.run(['plan', path]);
    // Refused: the calls 15557770002 routes today would fail (§3 below).
    expect(text.stderr).toContain('PLAN_UNROUTING');
    expect(text.stdout).toContain(`${EMPTIES}, so calls to 15557770002 stop routing`);
    expect(text.stdout).toContain('number +15557770004 → available: the platform creates inbound mapping 15557770004 with no servers');
    const markdown = await s.run(['plan', path, '--format', 'markdown']);
    expect(markdown.stdout).toContain(EMPTIES);
    const html = await s.run(['plan', path, '--format', 'html']);
    expect(html.stdout).toContain('the platform empties its inbound mapping 15557770002 (Acme main)');
    const json = await s.run(['plan', path, '--format', 'json']);
    const changes = (JSON.parse(json.stdout) as { changes: { key: string; effects?: Record<string, unknown>[] }[] }).changes;
    expect(changes.find((c) => c.key === '15557770002')!.effects).toEqual([
      expect.objectContaining({ on: 'inbound_mapping', does: 'empty', did: '15557770002', name: 'Acme main', number: '15557770002' }),
    ]);
    expect(changes.find((c) => c.key === '+15557770004')!.effects).toEqual([
      expect.objectContaining({ on: 'inbound_mapping', does: 'create_empty', did: '15557770004' }),
    ]);
    // The saved plan, effects included, passes the plan schema and applies.
    const saved = `${s.dir}/plan.json`;
    await s.run(['plan', path, '--out', saved]);
    const applied = await s.run(['apply', '--plan', saved, '--auto-approve', '--force']);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    expect(await mappings(s)).toEqual(['15557770002  15557770002', '15557770004  15557770004']);
  });
});

/** The live numbers as `did status`, by DID. */
async function numbers(s: Scenario): Promise<string[]> {
  return (await s.client.listNumbers()).map((n) => `${n.did} ${n.status}`).sort();
}

const CARRIER = 'carrier_groups:\n  - name: Carrier A\n    endpoints: [{name: a1, hostname: 203.0.113.10}]\n';

describe('numbers the files do not declare (issue 35 §4: read, never written)', () => {
  it('reads them to show what a mapping write does to them, says so, and writes none', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    // Created available, so the platform made its mapping, with no servers: the files' mapping replaces it.
    await s.client.createNumber({ did: '15557770003', status: 'available' });
    await s.client.createNumber({ did: '15557770009', status: 'reserved' });
    const path = s.file('mappings.yaml', `version: 1\n${CARRIER}inbound_mappings:\n  - did: "15557770003"\n    group: Carrier A\n`);
    const plan = await s.run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('also: mapping 15557770003 replaced: the platform marks its number assigned');
    expect(plan.stdout).toContain('The platform has the Numbers module: its 2 numbers were read to show what the platform does to them');
    expect(plan.stdout).not.toMatch(/did_number "/);
    const report = `${s.dir}/report.json`;
    const applied = await s.run(['apply', path, '--auto-approve', '--report', report]);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    const { requests } = JSON.parse(readFileSync(report, 'utf8')) as { requests: { method: string; path: string }[] };
    expect(requests.filter((r) => r.path.startsWith('/api/numbers/') && r.method !== 'GET')).toEqual([]);
    // The platform marked it, as the plan said; dsipform wrote no number.
    expect(await numbers(s)).toEqual(['15557770003 assigned', '15557770009 reserved']);
  });
});

describe('the rules after the plan hold the side effects (issue 35 §3)', () => {
  const files = (status: string) =>
    `version: 1\n${CARRIER}inbound_mappings:\n  - did: "15557770002"\n    group: Carrier A\nnumbers:\n  - did: "15557770002"\n    status: ${status}\nrouting_tests:\n  - name: Acme main rings\n    direction: inbound\n    to: "15557770002"\n    expect: { group: Carrier A }\n`;

  it('a number write that empties a managed mapping: the impact and the tests see it, apply is refused naming the number, --force empties it', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.converge([s.file('files.yaml', files('assigned'))]);
    const path = s.file('files.yaml', files('available'));
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/Routing impact[^\n]*\n\s+calls to 15557770002…: carrier group "Carrier A"[^\n]*→ no route/);
    expect(plan.stdout).toMatch(/FAIL .*Acme main rings\n\s+expected the call to be routed, but the call took no route/);
    // The lints see it too, as the platform's doing, naming the number.
    expect(plan.stderr).toMatch(
      /files\.yaml:6:5: mapping "15557770002": the platform leaves it with no servers \(it empties the mapping, or creates it so\) when number "15557770002" is written available/,
    );
    const json = JSON.parse((await s.run(['plan', path, '--format', 'json'])).stdout) as { safety: { rule: string; numbers?: string[] }[] };
    expect(json.safety.find((f) => f.rule === 'unrouting')?.numbers).toEqual(['15557770002']);
    const refused = await s.run(['apply', path, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('PLAN_UNROUTING');
    expect(refused.stderr).toContain('the platform empties its mapping when number "15557770002" is written available');
    expect(await mappings(s)).toEqual([expect.stringMatching(/^15557770002 #\d+ $/)]);
    expect(await numbers(s)).toEqual(['15557770002 assigned']);
    const forced = await s.run(['apply', path, '--auto-approve', '--force']);
    expect(forced.code, `${forced.stdout}\n${forced.stderr}`).toBe(0);
    expect(await mappings(s)).toEqual(['15557770002  15557770002']);
  });
});

describe('ordered so the apply ends in the files’ state (issue 35 §3)', () => {
  const both = (did: string, status: string) =>
    `version: 1\n${CARRIER}inbound_mappings:\n  - did: "${did}"\n    group: Carrier A\nnumbers:\n  - did: "${did}"\n    status: ${status}\n`;

  it('a number reserved with a new mapping of its DID: the number is written after the mapping, so it stays reserved', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file('files.yaml', both('15557770006', 'reserved'));
    const json = JSON.parse((await s.run(['plan', path, '--format', 'json'])).stdout) as { changes: { kind: string; step: number }[] };
    const stepOf = (kind: string) => json.changes.find((c) => c.kind === kind)!.step;
    expect(stepOf('inbound_mapping')).toBeLessThan(stepOf('did_number'));
    await s.converge([path]);
    expect(await numbers(s)).toEqual(['15557770006 reserved']);
    expect(await mappings(s)).toEqual([expect.stringMatching(/^15557770006 #\d+ $/)]);
  });

  it('a declared number the plan does not change, whose mapping it writes, is written again after it', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await s.client.createNumber({ did: '15557770007', status: 'reserved' });
    const path = s.file('files.yaml', both('15557770007', 'reserved'));
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toContain('also: mapping 15557770007 created: the platform marks its number assigned');
    expect(plan.stdout).toMatch(
      /# did_number "15557770007" will be updated in place\n\s+# \(the platform marks it assigned when mapping 15557770007 is written before it: its status is written again\)\n[\s\S]*status: "assigned" → "reserved"/,
    );
    await s.converge([path]);
    expect(await numbers(s)).toEqual(['15557770007 reserved']);
  });

  it('a number created available with a new mapping of its DID: the mapping replaces the row the platform made, and routes', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const path = s.file('files.yaml', both('+15557770008', 'available'));
    const plan = await s.run(['plan', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(
      "the platform creates this DID's mapping, with no servers, when number +15557770008 is written before it: apply replaces that row, found by its DID",
    );
    expect(plan.stdout).toMatch(/files\.yaml:\d+:\d+: number \+15557770008 is declared available, but mapping \+15557770008 routes/);
    const applied = await s.run(['apply', path, '--auto-approve']);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    expect(await mappings(s)).toEqual([expect.stringMatching(/^\+15557770008 #\d+ $/)]);
    // The platform marked it assigned, as the plan said it would.
    expect(await numbers(s)).toEqual(['+15557770008 assigned']);
  });
});

describe('the read-back of what the platform does by itself (issue 35 §3)', () => {
  it('fails the change with NUMBER_EFFECT_NOT_SEEN when the mapping a number write empties is not there', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await liveMapping(s, '15557770002', 'Acme main');
    // Another writer deletes the mapping right after each number write (a real HTTP proxy in front
    // of the emulator: the emulator itself always does what the platform does).
    const proxy = await startTinyServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', () => {
        const headers = { ...req.headers };
        delete headers.host;
        delete headers.connection;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        void (async () => {
          const upstream = await request(`${s.emu.url}${req.url}`, { method: req.method as 'GET', headers, body });
          const text = await upstream.body.text();
          if (req.method === 'POST' && req.url === '/api/numbers/v1/number') {
            const auth = { authorization: `Bearer ${s.emu.token}`, 'content-type': 'application/json' };
            await request(`${s.emu.url}/api/v1/inboundmapping?did=15557770002`, { method: 'DELETE', headers: auth }).then((r) =>
              r.body.text(),
            );
          }
          res.writeHead(upstream.statusCode, { 'content-type': 'application/json' });
          res.end(text);
        })().catch(() => res.destroy());
      });
    });
    try {
      const path = s.file('numbers.yaml', 'version: 1\nnumbers:\n  - did: "15557770002"\n    status: available\n');
      const applied = await s.run(['apply', path, '--auto-approve', '--force'], { env: { DSIP_URL: proxy.url } });
      expect(applied.code).toBe(1);
      expect(`${applied.stdout}${applied.stderr}`).toMatch(
        /NUMBER_EFFECT_NOT_SEEN[\s\S]*number 15557770002 → available: the platform empties its inbound mapping 15557770002 \(Acme main\)[^\n]*; but reading it back finds no inbound mapping 15557770002/,
      );
    } finally {
      await proxy.close();
    }
  });
});

describe('numbers deleted with their mappings', () => {
  it('deletes the mapping first (the platform marks its number, read back), then the number', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    await liveMapping(s, '15557770011', 'Acme');
    await s.client.createNumber({ did: '15557770011', status: 'assigned' });
    const path = s.file('none.yaml', 'version: 1\ninbound_mappings: []\nnumbers: []\npolicy:\n  allow_unrouting: true\n');
    const json = JSON.parse((await s.run(['plan', path, '--format', 'json'])).stdout) as {
      changes: { kind: string; step: number; effects?: { words: string }[] }[];
    };
    const [mapping, number] = ['inbound_mapping', 'did_number'].map((k) => json.changes.find((c) => c.kind === k)!);
    expect(mapping!.effects?.map((e) => e.words)).toEqual(['mapping 15557770011 deleted: the platform marks its number available']);
    expect(mapping!.step).toBeLessThan(number!.step);
    await s.converge([path]);
    expect(await mappings(s)).toEqual([]);
    expect(await numbers(s)).toEqual([]);
  });
});
