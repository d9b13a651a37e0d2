import { describe, expect, it } from 'vitest';
import { diff } from '../../src/plan/diff.js';
import type { LiveState } from '../../src/model/live.js';
import { desired, dm, dr, lm, lr } from './builders.js';

/** A compact view of changes: "action kind key [fields]". */
function view(live: LiveState, state: ReturnType<typeof desired>): string[] {
  return diff(state, live, 0)
    .changes.map(
      (c) =>
        `${c.action} ${c.kind === 'inbound_mapping' ? 'm' : 'r'} ${JSON.stringify(c.key)}${c.action === 'create' || c.action === 'delete' ? '' : ` [${c.fields.join(',')}]`}`,
    )
    .sort();
}

describe('diff: inbound mappings by DID', () => {
  it.each<[string, LiveState, ReturnType<typeof desired>, string[]]>([
    ['create from empty', { inbound_mappings: [] }, desired({ inbound_mappings: [dm('1'), dm('')] }), ['create m ""', 'create m "1"']],
    [
      'no-op is never a change',
      { inbound_mappings: [lm(2, '1', ['66', '67'], 'n')] },
      desired({ inbound_mappings: [dm('1', ['66', '67'], 'n')] }),
      [],
    ],
    [
      'server order matters',
      { inbound_mappings: [lm(2, '1', ['66', '67'])] },
      desired({ inbound_mappings: [dm('1', ['67', '66'])] }),
      ['update m "1" [servers]'],
    ],
    [
      'notes change',
      { inbound_mappings: [lm(2, '1', ['1'], 'a')] },
      desired({ inbound_mappings: [dm('1', ['1'], 'b')] }),
      ['update m "1" [notes]'],
    ],
    [
      'absent from files → delete',
      { inbound_mappings: [lm(2, '1'), lm(3, '2')] },
      desired({ inbound_mappings: [dm('1')] }),
      ['delete m "2"'],
    ],
    [
      'ignored live is left alone',
      { inbound_mappings: [lm(2, '18005551234'), lm(3, '2')] },
      desired({ inbound_mappings: [], policy: { ignore: { inbound_mappings: ['1800*'], outbound_routes: [], endpoint_leases: [] } } }),
      ['delete m "2"'],
    ],
    [
      'a declared DID is managed even if a glob matches it',
      { inbound_mappings: [lm(2, '18005551234', ['1'])] },
      desired({
        inbound_mappings: [dm('18005551234', ['2'])],
        policy: { ignore: { inbound_mappings: ['1800*'], outbound_routes: [], endpoint_leases: [] } },
      }),
      ['update m "18005551234" [servers]'],
    ],
    [
      'DIDs with + # * are exact keys',
      { inbound_mappings: [lm(2, '+44'), lm(3, '#1')] },
      desired({ inbound_mappings: [dm('+44'), dm('*1')] }),
      ['create m "*1"', 'delete m "#1"'],
    ],
    ['unmanaged collection untouched', { inbound_mappings: [lm(2, '1')] }, desired({ outbound_routes: [] }), []],
  ])('%s', (_case, live, state, expected) => {
    expect(view(live, state)).toEqual(expected);
  });

  it('counts unchanged objects and governed live objects', () => {
    const r = diff(
      desired({
        inbound_mappings: [dm('1'), dm('2', ['9'])],
        policy: { ignore: { inbound_mappings: ['9*'], outbound_routes: [], endpoint_leases: [] } },
      }),
      { inbound_mappings: [lm(2, '1'), lm(3, '2'), lm(4, '99')] },
      0,
    );
    expect(r.unchanged.inbound_mapping).toBe(1);
    expect(r.governed.inbound_mappings).toBe(2);
  });
});

describe('diff: outbound routes by name or pinned ruleid', () => {
  const def = lr(1, 'Default Outbound Route', '');
  it.each<[string, LiveState, ReturnType<typeof desired>, string[]]>([
    [
      'create simple and LCR',
      { outbound_routes: [def] },
      desired({ outbound_routes: [dr('Default Outbound Route', ''), dr('US', '1'), dr('UK', '44', { from_prefix: '1555' })] }),
      ['create r "UK"', 'create r "US"'],
    ],
    [
      'edit fields sends only those',
      { outbound_routes: [lr(2, 'US', '1')] },
      desired({ outbound_routes: [dr('US', '1', { priority: 10, gwgroupid: '5' })] }),
      ['update r "US" [gwgroupid,priority]'],
    ],
    [
      'promote simple → LCR',
      { outbound_routes: [lr(2, 'UK', '44')] },
      desired({ outbound_routes: [dr('UK', '44', { from_prefix: '1555' })] }),
      ['promote r "UK" [from_prefix]'],
    ],
    [
      'demote LCR → simple',
      { outbound_routes: [lr(2, 'UK', '44', { from_prefix: '1555' })] },
      desired({ outbound_routes: [dr('UK', '44')] }),
      ['demote r "UK" [from_prefix]'],
    ],
    [
      'LCR from_prefix change is an update',
      { outbound_routes: [lr(2, 'UK', '44', { from_prefix: '1555' })] },
      desired({ outbound_routes: [dr('UK', '44', { from_prefix: '1666' })] }),
      ['update r "UK" [from_prefix]'],
    ],
    [
      'rename through a pinned ruleid',
      { outbound_routes: [lr(2, 'Old', '1')] },
      desired({ outbound_routes: [dr('New', '1', { ruleid: 2 })] }),
      ['update r "New" [name]'],
    ],
    [
      'a pin wins over a name match',
      { outbound_routes: [lr(2, 'A', '1'), lr(3, 'B', '2')] },
      desired({ outbound_routes: [dr('B', '1', { ruleid: 2 })] }),
      ['delete r "B"', 'update r "B" [name]'],
    ],
    [
      'gwgroupid "#5" live equals "5" desired',
      { outbound_routes: [lr(2, 'US', '1', { gwgroupid: '#5' })] },
      desired({ outbound_routes: [dr('US', '1', { gwgroupid: '5' })] }),
      [],
    ],
    [
      'ignored name glob is left alone',
      { outbound_routes: [def, lr(2, 'X', '1')] },
      desired({ outbound_routes: [], policy: { ignore: { inbound_mappings: [], outbound_routes: ['Default*'], endpoint_leases: [] } } }),
      ['delete r "X"'],
    ],
    [
      'duplicate live names nobody refers to are both deleted',
      { outbound_routes: [lr(2, 'D', '1'), lr(3, 'D', '2')] },
      desired({ outbound_routes: [] }),
      ['delete r "D"', 'delete r "D"'],
    ],
  ])('%s', (_case, live, state, expected) => {
    expect(view(live, state)).toEqual(expected);
  });

  it.each<[string, LiveState, ReturnType<typeof desired>, string[], string[]]>([
    [
      'two identical copies: the newer is deleted',
      { outbound_routes: [lr(4, 'US', '1'), lr(9, 'US', '1')] },
      desired({ outbound_routes: [dr('US', '1')] }),
      ['delete r "US" 9'],
      ['ruleids 4, 9', 'files manage ruleid 4', 'newer copy is deleted (ruleid 9)'],
    ],
    [
      'three identical copies listed newest first: both newer are deleted',
      { outbound_routes: [lr(12, 'US', '1'), lr(9, 'US', '1'), lr(4, 'US', '1')] },
      desired({ outbound_routes: [dr('US', '1')] }),
      ['delete r "US" 12', 'delete r "US" 9'],
      ['3 outbound routes named "US"', 'files manage ruleid 4', 'copies are deleted (ruleids 9, 12)'],
    ],
    [
      'identical copies that differ from the file: the oldest is updated',
      { outbound_routes: [lr(4, 'US', '1'), lr(9, 'US', '1')] },
      desired({ outbound_routes: [dr('US', '1', { priority: 5 })] }),
      ['delete r "US" 9', 'update r "US" 4 [priority]'],
      ['files manage ruleid 4'],
    ],
    [
      'identical LCR copies (their groupids differ, as the platform assigns them)',
      { outbound_routes: [lr(4, 'UK', '44', { from_prefix: '1555' }), lr(9, 'UK', '44', { from_prefix: '1555' })] },
      desired({ outbound_routes: [dr('UK', '44', { from_prefix: '1555' })] }),
      ['delete r "UK" 9'],
      ['ruleids 4, 9'],
    ],
  ])('duplicate live routes, %s', (_case, live, state, expected, noteParts) => {
    const r = diff(state, live, 0);
    expect(r.issues).toEqual([]);
    expect(
      r.changes
        .map(
          (c) =>
            `${c.action} r ${JSON.stringify(c.key)} ${'ruleid' in c ? c.ruleid : ''}${c.action === 'update' ? ` [${c.fields.join(',')}]` : ''}`,
        )
        .sort(),
    ).toEqual(expected);
    expect(r.notes).toHaveLength(1);
    for (const part of noteParts) expect(r.notes[0]).toContain(part);
  });

  it.each<[string, Partial<import('../../src/model/outbound-route.js').OutboundRoute>]>([
    ['prefix', { prefix: '2' }],
    ['gwgroupid', { gwgroupid: '5' }],
    ['priority', { priority: 1 }],
    ['from_prefix', { from_prefix: '1555' }],
    ['timerec', { timerec: 'weekdays' }],
  ])('refuses duplicate live routes that differ in %s (no delete, no note)', (_field, extra) => {
    const r = diff(desired({ outbound_routes: [dr('US', '1')] }), { outbound_routes: [lr(4, 'US', '1'), lr(9, 'US', '1', extra)] }, 0);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.message).toContain('ruleids 4, 9');
    expect(r.changes).toEqual([]);
    expect(r.notes).toEqual([]);
  });

  it('refuses two live routes with the name an entry refers to, naming both ruleids', () => {
    const r = diff(desired({ outbound_routes: [dr('US', '1')] }), { outbound_routes: [lr(4, 'US', '1'), lr(9, 'US', '2')] }, 0);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.message).toContain('ruleids 4, 9');
    expect(r.issues[0]!.hint).toContain('ruleid: 4');
    expect(r.changes).toEqual([]); // neither is deleted while ambiguous
  });

  it('refuses a pin to a ruleid the platform does not have', () => {
    const r = diff(desired({ outbound_routes: [dr('US', '1', { ruleid: 77 })] }), { outbound_routes: [lr(2, 'US', '1')] }, 0);
    expect(r.issues.map((i) => i.message)).toEqual([
      'outbound route "US" pins ruleid 77, but the platform has no outbound route with that ruleid',
    ]);
  });

  it('keeps before and after for review and apply', () => {
    const [c] = diff(
      desired({ outbound_routes: [dr('UK', '44', { from_prefix: '1555', priority: 3 })] }),
      { outbound_routes: [lr(2, 'UK', '44', { gwgroupid: '#2' })] },
      0,
    ).changes;
    expect(c).toMatchObject({
      action: 'promote',
      ruleid: 2,
      fields: ['from_prefix', 'priority'],
      before: { from_prefix: null, priority: 0, gwgroupid: '2' },
      after: { from_prefix: '1555', priority: 3 },
    });
  });
});
