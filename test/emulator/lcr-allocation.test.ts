import { describe, it, expect } from 'vitest';
import { EmulatorStore, type EmulatorSnapshot } from '../../src/emulator/index.js';

type Step =
  | readonly ['lcr', string] // create an LCR route under this key
  | readonly ['simple', string] // create a simple route under this key
  | readonly ['delete', string]
  | readonly ['demote', string]
  | readonly ['promote', string]
  | readonly ['repattern', string];

/** Runs the steps on a fresh empty store; returns the groupid of the route the last step touched. */
function run(steps: readonly Step[]): { store: EmulatorStore; groupid: number | undefined } {
  const store = new EmulatorStore({ empty: true });
  const ids = new Map<string, number>();
  let last: number | undefined;
  steps.forEach(([op, key], i) => {
    const from = String(100 + i); // every step gets a pattern of its own
    const id = ids.get(key);
    if (op === 'lcr' || op === 'simple') {
      const input = { name: key, prefix: '44', gwgroupid: '5', ...(op === 'lcr' ? { from_prefix: from } : {}) };
      const out = store.routes.create(input);
      if (!out.ok) throw new Error(out.msg);
      ids.set(key, out.value.ruleid);
      last = out.value.ruleid;
      return;
    }
    if (id === undefined) throw new Error(`unknown key ${key}`);
    const patch = op === 'demote' ? { from_prefix: '' } : op === 'delete' ? null : { from_prefix: from };
    const out = patch === null ? store.routes.delete(id) : store.routes.update(id, patch);
    if (!out.ok) throw new Error(out.msg);
    last = id;
  });
  return { store, groupid: last === undefined ? undefined : store.routes.get(last)?.groupid };
}

describe('LCR groupid allocation (largest in use + 1, or 10000)', () => {
  it.each<[string, readonly Step[], number]>([
    ['the first LCR route gets 10000', [['lcr', 'a']], 10000],
    [
      'the next gets the largest + 1',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
      ],
      10001,
    ],
    [
      'simple routes do not take LCR groupids',
      [
        ['simple', 's'],
        ['lcr', 'a'],
      ],
      10000,
    ],
    [
      'a freed groupid below the largest is not reused',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
        ['delete', 'a'],
        ['lcr', 'c'],
      ],
      10002,
    ],
    [
      'a freed largest groupid is reused',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
        ['delete', 'b'],
        ['lcr', 'c'],
      ],
      10001,
    ],
    [
      'after freeing all, allocation starts over',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
        ['delete', 'b'],
        ['delete', 'a'],
        ['lcr', 'c'],
      ],
      10000,
    ],
    [
      'demoting the largest frees it',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
        ['demote', 'b'],
        ['lcr', 'c'],
      ],
      10001,
    ],
    [
      'a demoted route is simple again',
      [
        ['lcr', 'a'],
        ['demote', 'a'],
      ],
      8000,
    ],
    [
      'promoting allocates like a create',
      [
        ['lcr', 'a'],
        ['simple', 's'],
        ['promote', 's'],
      ],
      10001,
    ],
    [
      'a changed pattern keeps the groupid',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
        ['repattern', 'a'],
      ],
      10000,
    ],
    [
      're-promoting after a demote allocates anew',
      [
        ['lcr', 'a'],
        ['lcr', 'b'],
        ['demote', 'a'],
        ['promote', 'a'],
      ],
      10002,
    ],
  ])('%s', (_name, steps, expected) => {
    expect(run(steps).groupid).toBe(expected);
  });

  it('keeps exactly one LCR record per LCR route, with the pattern <from>-<prefix>', () => {
    const { store } = run([
      ['lcr', 'a'],
      ['lcr', 'b'],
      ['simple', 's'],
      ['promote', 's'],
      ['demote', 'a'],
      ['repattern', 'b'],
    ]);
    const lcrRoutes = store.routes.list().filter((r) => r.from_prefix !== null);
    expect(
      store.routes.lcr
        .list()
        .map((r) => r.groupid)
        .sort(),
    ).toEqual(lcrRoutes.map((r) => r.groupid).sort());
    for (const route of lcrRoutes) {
      expect(store.routes.lcr.get(route.groupid)).toEqual({
        pattern: `${route.from_prefix}-${route.prefix}`,
        from_prefix: route.from_prefix,
        groupid: route.groupid,
      });
    }
  });
});

describe('route invariants in the store', () => {
  it('refuses a second LCR record with the same pattern, on create and on update', () => {
    const store = new EmulatorStore({ empty: true });
    expect(store.routes.create({ name: 'a', prefix: '44', gwgroupid: '5', from_prefix: '1' }).ok).toBe(true);
    const dup = store.routes.create({ name: 'b', prefix: '44', gwgroupid: '5', from_prefix: '1' });
    expect(dup).toEqual({ ok: false, reason: 'conflict', msg: 'Duplicate LCR pattern' });
    const other = store.routes.create({ name: 'c', prefix: '33', gwgroupid: '5', from_prefix: '1' });
    expect(other.ok).toBe(true);
    if (!other.ok) return;
    expect(store.routes.update(other.value.ruleid, { prefix: '44' })).toMatchObject({ ok: false, msg: 'Duplicate LCR pattern' });
    // Sending the route's own pattern again is not a duplicate.
    expect(store.routes.update(other.value.ruleid, { prefix: '33', from_prefix: '1' }).ok).toBe(true);
  });

  it('answers "LCR group range is full" once the largest groupid is 19999', () => {
    const snapshot: EmulatorSnapshot = {
      format: 'dsipform-emulator/1',
      nextRuleid: 2,
      nextLeaseid: 1,
      kamreload: false,
      mappings: [],
      routes: [
        { ruleid: 1, groupid: 19999, name: 'top', prefix: '1', from_prefix: '2', gwgroupid: '#5', priority: 0, timerec: '', routeid: '' },
      ],
      lcr: [{ pattern: '2-1', from_prefix: '2', groupid: 19999 }],
      leases: [],
    };
    const store = EmulatorStore.fromSnapshot(snapshot);
    const full = store.routes.create({ name: 'x', prefix: '44', gwgroupid: '5', from_prefix: '9' });
    expect(full).toEqual({ ok: false, reason: 'conflict', msg: 'LCR group range is full' });
    // Simple routes do not need the range.
    expect(store.routes.create({ name: 'y', prefix: '44', gwgroupid: '5' }).ok).toBe(true);
  });

  it('changes nothing, not even the ruleid counter, when an operation is refused', () => {
    const store = new EmulatorStore();
    store.routes.create({ name: 'a', prefix: '44', gwgroupid: '5', from_prefix: '1' });
    const before = JSON.stringify(store.snapshot());
    const revision = store.revision;
    expect(store.routes.create({ name: 'b', prefix: '44', gwgroupid: '5', from_prefix: '1' }).ok).toBe(false);
    expect(store.routes.create({ name: 'c', prefix: '', gwgroupid: '5', from_prefix: '7' }).ok).toBe(false);
    expect(store.routes.update(2, { prefix: '' }).ok).toBe(false);
    expect(store.routes.update(999, { name: 'x' }).ok).toBe(false);
    expect(JSON.stringify(store.snapshot())).toBe(before);
    expect(store.revision).toBe(revision);
  });

  it('shares one ruleid counter between mappings and routes and never reuses one', () => {
    const store = new EmulatorStore();
    const mapping = store.mappings.create({ did: '', servers: ['1'] });
    const route = store.routes.create({ name: 'r', prefix: '1', gwgroupid: '3' });
    expect(mapping.ok && mapping.value.ruleid).toBe(2);
    expect(route.ok && route.value.ruleid).toBe(3);
    expect(route.ok && route.value.gwgroupid).toBe('#3');
    store.routes.delete(3);
    expect(store.routes.get(2)).toBeUndefined(); // a mapping's ruleid is no route
    const next = store.mappings.create({ did: '1', servers: ['1'] });
    expect(next.ok && next.value.ruleid).toBe(4);
  });

  it('starts a fresh install with the default route and no pending reload', () => {
    const store = new EmulatorStore();
    expect(store.routes.list()).toEqual([
      {
        ruleid: 1,
        groupid: 8000,
        name: 'Default Outbound Route',
        prefix: '',
        from_prefix: null,
        gwgroupid: '#2',
        priority: 0,
        timerec: '',
        routeid: '',
      },
    ]);
    expect(store.kamreload).toBe(false);
    expect(new EmulatorStore({ empty: true }).routes.list()).toEqual([]);
  });
});
