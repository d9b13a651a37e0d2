import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyDesired,
  checkInvariants,
  inventoryOf,
  invariantsRefusal,
  loadDesiredState,
  nameBook,
  planDesired,
  ruleSetFromState,
} from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { emulatorFixture } from '../helpers/emulator.js';

/** checkInvariants through the library's exports: files read, rules made, invariants decided, the plan's refusal. */
describe('library: checkInvariants', () => {
  it('decides the files invariants against their rules and gives the PLAN_INVARIANT_FAILED refusal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-lib-inv-'));
    const file = join(dir, 'rules.yaml');
    writeFileSync(
      file,
      'version: 1\noutbound_routes:\n  - name: all\n    prefix: "1"\n    carrier_group: Carrier A\ninvariants:\n  - name: premium\n    never: { direction: outbound, to_prefix: "1900" }\n  - name: 44 unrouted\n    never: { direction: outbound, to_prefix: "44" }\n',
    );
    const loaded = await loadDesiredState([file]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const book = { groups: new Map(), lists: new Map(), unnumbered: new Map(), gateways: new Map() };
    const start = { local: '2026-03-01T12:00:00', tz: 'UTC' };
    const results = checkInvariants(ruleSetFromState(loaded.desired), loaded.desired.invariants ?? [], start, book);
    expect(results.map((r) => [r.invariant.name, r.status])).toEqual([
      ['premium', 'violated'],
      ['44 unrouted', 'held'],
    ]);
    const c = results[0]!.counterexample!;
    expect(c).toMatchObject({ direction: 'outbound', to: '1900', from: '', at: { tz: 'UTC' } });
    expect(c.decision.result).toBe('routed');
    expect(c.took).toContain('"all"');
    expect(invariantsRefusal(results)?.code).toBe('PLAN_INVARIANT_FAILED');
    expect(invariantsRefusal([results[1]!])).toBeNull();
  });
});

/** planDesired decides the files' invariants against the rules after the plan, as dsipform plan does (issue 36 §1). */
describe('library: planDesired gates on the invariants', () => {
  it('throws PLAN_INVARIANT_FAILED with the call; with force the plan and the result carry the record', async () => {
    const { client } = await emulatorFixture();
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-lib-inv-'));
    const file = join(dir, 'rules.yaml');
    writeFileSync(
      file,
      'version: 1\noutbound_routes:\n  - name: premium\n    prefix: "1900"\n    gwgroupid: "1"\npolicy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\ninvariants:\n  - name: premium\n    never: { direction: outbound, to_prefix: "1900" }\n',
    );
    const loaded = await loadDesiredState([file]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const refused = planDesired(client, loaded.desired, { tz: 'UTC' });
    await expect(refused).rejects.toMatchObject({ code: 'PLAN_INVARIANT_FAILED' });
    await expect(refused).rejects.toThrow(
      /"premium" \(.*rules\.yaml:10\): an outbound call is routed: .*replay: dsipform route --direction outbound --to 1900/,
    );
    const forced = await planDesired(client, loaded.desired, { tz: 'UTC', force: true });
    expect(forced.refusal?.code).toBe('PLAN_INVARIANT_FAILED');
    expect(forced.invariants).toEqual(forced.plan.invariants);
    expect(forced.invariants.map((r) => [r.name, r.status, r.counterexample?.decision.rule?.key, r.counterexample?.tz])).toEqual([
      ['premium', 'violated', 'premium', 'UTC'],
    ]);
    // The call replayed through dsipform route against the files takes the route the record names.
    const replay = forced.invariants[0]!.counterexample!.replay.replace(/^dsipform route /, '').split(' ');
    const routed = await runCli(['route', ...replay, '--format', 'json', file]);
    expect(routed.code, routed.stderr).toBe(0);
    expect((JSON.parse(routed.stdout) as { rule?: { key: string } }).rule?.key).toBe('premium');
    await expect(applyDesired(client, loaded.desired, { tz: 'UTC' })).rejects.toMatchObject({ code: 'PLAN_INVARIANT_FAILED' });
    expect((await client.listOutboundRoutes()).map((r) => r.name)).not.toContain('premium');
  });
});

/** Destinations by name on the platform's rules need the book of its groups: `nameBook`, exported for that. */
describe('library: nameBook for invariants that name a destination', () => {
  it("finds the live call that reaches a carrier group by name, which a book without the platform's groups cannot see", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-lib-book-'));
    const file = join(dir, 'invariants.yaml');
    writeFileSync(
      file,
      `version: 1
invariants:
  - name: premium never through B
    never: { direction: outbound, to_prefix: "1900", reaches: { carrier_group: Carrier B } }
  - name: Chicago always through A
    always: { direction: outbound, to_prefix: "1312", reaches: { carrier_group: Carrier A } }
`,
    );
    const loaded = await loadDesiredState([file]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    // The platform's rules as read live: carrier groups by id, routes naming them by `#id`.
    const groups = [
      { gwgroupid: 4, name: 'Carrier A', type: 'carrier' as const, gwids: ['1'] },
      { gwgroupid: 5, name: 'Carrier B', type: 'carrier' as const, gwids: ['2'] },
    ];
    const route = (name: string, prefix: string, gwgroupid: string) => ({
      name,
      prefix,
      from_prefix: null,
      gwgroupid,
      priority: 0,
      timerec: '',
      routeid: '',
    });
    const live = { inbound_mappings: [], outbound_routes: [route('all', '1', '4'), route('premium', '1900', '5')] };
    const set = ruleSetFromState(live, inventoryOf(groups));
    const invariants = loaded.desired.invariants ?? [];
    const start = { local: '2026-03-02T00:00:00', tz: 'America/Chicago' };
    const results = checkInvariants(set, invariants, start, nameBook({ inventory: set.inventory }));
    expect(results.map((r) => r.status)).toEqual(['violated', 'held']);
    expect(results[0]?.counterexample).toMatchObject({ to: '1900', from: '' });
    expect(results[0]?.counterexample?.took).toContain('"premium"');
    // A book without the platform's groups knows neither name: no call is seen to reach either.
    const blind = checkInvariants(set, invariants, start, nameBook({}));
    expect(blind.map((r) => r.status)).toEqual(['held', 'violated']);
  });
});
