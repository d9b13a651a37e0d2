// The rules after a plan decide each call once per plan (issue 36 §2): the routing impact decides
// every caller of the classes the plan changes, then the invariant check decides the same callers
// of the same rules again, on its own copy (the files' order, with origins; an invariant table's
// narrowed copy too). The decisions are kept by what decides a call (routing/decision-memo.ts), so
// whichever asks first decides and the others read. Counted as the work done, not timed: the calls
// the simulation decides (match.ts `routeCall`), through the library's planDesired against the
// emulator over loopback, from a real file; every counterexample replayed by the simulation.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyDesired, loadDesiredState, planDesired, ruleSetFromState } from '../../src/index.js';
import type { PlanInvariant } from '../../src/model/invariant.js';
import { emulatorFixture } from '../helpers/emulator.js';

const decided = vi.hoisted(() => ({ froms: [] as string[] }));
vi.mock('../../src/routing/match.js', async (original) => {
  const real = await original<typeof import('../../src/routing/match.js')>();
  return {
    ...real,
    routeCall: (...args: Parameters<typeof real.routeCall>) => {
      decided.froms.push(args[1].from);
      return real.routeCall(...args);
    },
  };
});
// A preparation of a whole rule set for the simulation indexes its LCR records (routing/prepared.ts).
const prepared = vi.hoisted(() => ({ sizes: [] as number[] }));
vi.mock('../../src/routing/lcr-index.js', async (original) => {
  const real = await original<typeof import('../../src/routing/lcr-index.js')>();
  return {
    ...real,
    indexLcrRecords: ((records) => {
      prepared.sizes.push(records.length);
      return real.indexLcrRecords(records);
    }) as typeof real.indexLcrRecords,
  };
});
// The rules' content written as text for another module (prepared-share.ts keys named `*ContentKey`):
// the decision memo wrote both copies' content, sorted, to tell they were one (issue 36 §2).
const keys = vi.hoisted(() => ({ written: [] as string[] }));
vi.mock('../../src/routing/prepared-share.js', async (original) => {
  const real = await original<Record<string, unknown>>();
  const counted =
    (name: string, f: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      keys.written.push(name);
      return f(...args);
    };
  return Object.fromEntries(
    Object.entries(real).map(([name, f]) => [
      name,
      name.endsWith('ContentKey') && typeof f === 'function' ? counted(name, f as (...args: unknown[]) => unknown) : f,
    ]),
  );
});
const { routeCall } = await vi.importActual<typeof import('../../src/routing/match.js')>('../../src/routing/match.js');

/** The bench's block (bench/invariants.mjs): the four built-ins and four sets, one with a window, two by caller. */
const INVARIANTS = [
  'invariants:',
  '  - builtin: every_did_routed',
  '  - builtin: no_dead_rule',
  '  - builtin: no_unreached_group',
  '  - builtin: inbound_never_to_carrier',
  '  - name: premium numbers are never routed',
  '    never: { direction: outbound, to_prefix: "1900" }',
  '  - name: the US and Canada are routed at every hour',
  '    always: { direction: outbound, to_prefix: "1" }',
  '  - name: area 2005 is routed in office hours',
  '    always: { direction: outbound, to_prefix: "1", from_prefix: "2005", during: "20260105T090000|8H|weekly|||MO,TU,WE,TH,FR" }',
  '  - name: area 2007 never leaves through gateway 9',
  '    never: { direction: outbound, from_prefix: "2007", reaches: { gateways: ["9"] } }',
];

/** K per-customer LCR routes on prefix 1 (bench/lib/itsp-fixtures.mjs), each open one hour a day when `hours`, and a catch-all. */
function lcrFile(k: number, hours: boolean, catchAll = true): string {
  const lines = ['version: 1', 'outbound_routes:'];
  for (let i = 0; i < k; i++) {
    const minute = (i * 7) % 1440;
    const at = `${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`;
    const when = hours ? `, timerec: "20260101T${at}00|1H|daily"` : '';
    lines.push(`  - { name: "Customer ${i}", prefix: "1", gwgroupid: "${1 + (i % 2)}", from_prefix: "${2000 + i}"${when} }`);
  }
  if (catchAll) lines.push('  - { name: Default, prefix: "", gwgroupid: "1" }');
  return `${[...lines, ...INVARIANTS].join('\n')}\n`;
}

async function loaded(text: string): Promise<Awaited<ReturnType<typeof loadDesiredState>> & { ok: true }> {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-decisions-shared-'));
  const file = join(dir, 'routes.yaml');
  writeFileSync(file, text);
  const result = await loadDesiredState([file]);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result;
}

/** How often each of the K customers' own From was decided. */
function perCustomer(k: number): number[] {
  const counts = new Array<number>(k).fill(0);
  for (const from of decided.froms) {
    const i = Number(from) - 2000;
    if (/^\d{4}$/.test(from) && i >= 0 && i < k) counts[i] = (counts[i] as number) + 1;
  }
  return counts;
}

/** Each counterexample decided again by the simulation on the files' rules: the same outcome, rule and gateways. */
function expectReplayed(invariants: readonly PlanInvariant[], rules: ReturnType<typeof ruleSetFromState>): void {
  for (const inv of invariants) {
    const c = inv.counterexample;
    if (!c) continue;
    const again = routeCall(rules, { direction: c.direction, from: c.from, to: c.to, at: { local: c.at, tz: c.tz } });
    expect([again.result, again.rule?.key, again.gwlist], inv.name).toEqual([c.decision.result, c.decision.rule?.key, c.decision.gwlist]);
  }
}

// The bench's instant (bench/invariants.mjs); the invariants' horizon starts on the day of `now`.
const AT = { at: '2026-11-30T00:00:00', tz: 'America/New_York', now: Date.parse('2026-11-30T17:00:00Z'), force: true } as const;
/** The bench's invariants decided on these shapes (the branch point's, unchanged). */
const STATUSES = ['held', 'held', 'violated', 'held', 'violated', 'violated', 'violated', 'held'];

describe('a plan decides each call of the rules after it once', () => {
  beforeEach(() => {
    decided.froms.length = 0;
    prepared.sizes.length = 0;
    keys.written.length = 0;
  });

  it('per-customer LCR: the check reads the callers the impact decided (each customer once, not twice)', async () => {
    const k = 60;
    const files = await loaded(lcrFile(k, false));
    const { client } = await emulatorFixture();
    const result = await planDesired(client, files.desired, AT);
    // The impact decided class 1's callers (every route is created), the check judged them all.
    expect(result.plan.routing_impact?.length ?? 0).toBeGreaterThan(k);
    expect(result.invariants.map((i) => i.status)).toEqual(STATUSES);
    // Two customers' patterns tie for a caller holding both From parts: never routed for certain.
    expect(result.invariants[5]?.counterexample).toMatchObject({ to: '1', from: '20002001', decision: { result: 'ambiguous' } });
    expect(result.invariants[6]?.counterexample?.from).toBe('20052000');
    // Before: two or three times each, by the impact, by the built-ins' table, and for 2005 by the
    // office hours' copy of the rules (135 calls decided in all at K = 60; 72 now).
    expect(Math.max(...perCustomer(k))).toBe(1);
    // The impact's copy of the rules is prepared; the checks' copy (the files' order) is not
    // prepared again: its calls, ties too, are copied from the impact's (before: 2).
    expect(prepared.sizes.filter((n) => n === k)).toHaveLength(1);
    // Told to be the impact's rules without writing either's content as text (before: two keys).
    expect(keys.written).toEqual([]);
    expectReplayed(result.invariants, ruleSetFromState(files.desired));
  });

  it('a daily window each: the tables with and without a window share what they decided', async () => {
    const k = 40;
    const files = await loaded(lcrFile(k, true));
    const { client } = await emulatorFixture();
    const result = await planDesired(client, files.desired, AT);
    expect(result.invariants.map((i) => i.status)).toEqual(STATUSES);
    expect(result.invariants[5]?.counterexample).toMatchObject({ to: '1', from: '2000', decision: { result: 'no_route' } });
    // Each customer's From at the plan's instant, and over the horizon with its window open and
    // shut, of which the one matching at the instant is the instant's decision: two decisions
    // (three before it was read, 80 for the 40 customers then 120). Before that, the office hours'
    // table decided 2005 (and the callers starting with it) again: up to 7.
    expect(perCustomer(k)).toEqual(new Array<number>(k).fill(2));
    expectReplayed(result.invariants, ruleSetFromState(files.desired));
  });

  it('a decision at the plan instant is not taken for the hours the caller is decided in over the horizon', async () => {
    // No catch-all: a customer's call outside its hour fails (its LCR group holds nothing then).
    // At 00:00 customer 0's hour is open, so the impact routes its calls; the check must still
    // find the hours it is not.
    const files = await loaded(
      lcrFile(3, true, false).replace(
        'invariants:',
        'invariants:\n  - name: customer 0 is routed at every hour\n    always: { direction: outbound, to_prefix: "1", from_prefix: "2000" }',
      ),
    );
    const { client } = await emulatorFixture();
    const result = await planDesired(client, files.desired, { ...AT, at: '2026-11-30T00:10:00' });
    const impact0 = result.plan.routing_impact?.find((e) => e.from === '2000');
    expect(impact0?.after.result).toBe('routed');
    const held = result.invariants.find((i) => i.name === 'customer 0 is routed at every hour');
    expect(held?.status).toBe('violated');
    expect(held?.counterexample?.decision.result).toBe('no_route');
    expectReplayed(result.invariants, ruleSetFromState(files.desired));
  });

  it('a plan that changes nothing (the impact decides nothing) still decides its invariants, alike', async () => {
    const k = 30;
    const files = await loaded(lcrFile(k, false));
    const { client } = await emulatorFixture();
    const first = await planDesired(client, files.desired, AT);
    await applyDesired(client, files.desired, { force: true });
    decided.froms.length = 0;
    const again = await planDesired(client, files.desired, AT);
    expect(again.plan.changes).toEqual([]);
    expect(again.plan.routing_impact ?? []).toEqual([]);
    // The rules now carry the platform's ids: another content, decided by the check itself.
    expect(Math.min(...perCustomer(k))).toBe(1);
    const calls = (list: readonly PlanInvariant[]): unknown[] =>
      list.map((i) => [
        i.name,
        i.status,
        i.counterexample?.to,
        i.counterexample?.from,
        i.counterexample?.at,
        i.counterexample?.decision.result,
      ]);
    expect(calls(again.invariants)).toEqual(calls(first.invariants));
    expectReplayed(again.invariants, ruleSetFromState(files.desired));
  });
});
