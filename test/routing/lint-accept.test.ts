import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCEPTABLE_LINTS, type LintAcceptance } from '../../src/model/desired.js';
import { acknowledgeFindings } from '../../src/routing/acknowledge.js';
import { judgeFindings, routingFindings } from '../../src/routing/findings.js';
import { loadDesiredState } from '../../src/config/index.js';
import type { RoutingFinding } from '../../src/routing/types.js';
import { runMain } from '../helpers/in-process.js';

/*
 * policy.accept: findings the files acknowledge are shown as acknowledged and counted, never
 * dropped, and never stop --strict; an acknowledgement that matches nothing is a warning itself.
 */

const at = { file: 'routes.yaml', line: 3, col: 5 };
const warning = (code: string, kind: RoutingFinding['kind'], key?: string, keys?: string[]): RoutingFinding => ({
  severity: 'warning',
  code,
  message: `${code} ${keys?.join('+') ?? key ?? ''}`,
  hint: 'h',
  ...(kind ? { kind } : {}),
  ...(key !== undefined ? { key } : {}),
  ...(keys ? { keys } : {}),
  origin: at,
});

describe('acknowledgeFindings', () => {
  const TIE = warning('ambiguous_lcr', 'outbound_route', 'cust-2', ['cust-1', 'cust-2']);
  it.each<[string, RoutingFinding, LintAcceptance[], boolean, string[]]>([
    ['a route glob naming every route of the finding', TIE, [{ lint: 'ambiguous_lcr', route: 'cust-*' }], true, []],
    [
      'two entries, one route each',
      TIE,
      [
        { lint: 'ambiguous_lcr', route: 'cust-1' },
        { lint: 'ambiguous_lcr', route: 'cust-2' },
      ],
      true,
      [],
    ],
    [
      'a glob naming one of the two: not acknowledged (a new route joining a tie is warned about)',
      TIE,
      [{ lint: 'ambiguous_lcr', route: 'cust-2' }],
      false,
      [],
    ],
    ['another lint: not acknowledged, and the entry is unused', TIE, [{ lint: 'shadowed', route: 'cust-*' }], false, ['accept_unused']],
    ['a did glob does not name routes', TIE, [{ lint: 'ambiguous_lcr', did: 'cust-*' }], false, ['accept_unused']],
    ['no glob: every finding of the lint', TIE, [{ lint: 'ambiguous_lcr' }], true, []],
    ['a did glob names mappings', warning('shadowed', 'inbound_mapping', '18005550100'), [{ lint: 'shadowed', did: '1800*' }], true, []],
    [
      'a finding naming no rule, by an entry without a glob',
      warning('no_default_inbound', undefined),
      [{ lint: 'no_default_inbound' }],
      true,
      [],
    ],
    [
      'a finding naming no rule is not acknowledged by a glob',
      warning('no_default_inbound', undefined),
      [{ lint: 'no_default_inbound', did: '*' }],
      false,
      ['accept_unused'],
    ],
  ])('%s', (_name, finding, accept, acknowledged, extra) => {
    const out = acknowledgeFindings([finding], accept);
    expect(out[0]?.acknowledged === true).toBe(acknowledged);
    expect(out.slice(1).map((f) => f.code)).toEqual(extra);
  });

  it('never acknowledges an error', () => {
    const error: RoutingFinding = { ...warning('shadowed', 'outbound_route', 'A'), severity: 'error' };
    expect(acknowledgeFindings([error], [{ lint: 'shadowed' }]).map((f) => [f.code, f.acknowledged ?? false])).toEqual([
      ['shadowed', false],
      ['accept_unused', false],
    ]);
  });

  it('an acknowledged warning does not stop --strict; an unacknowledged one does', () => {
    const found = acknowledgeFindings(
      [warning('shadowed', 'outbound_route', 'A'), warning('shadowed', 'outbound_route', 'B')],
      [{ lint: 'shadowed', route: 'A' }],
    );
    const verdict = judgeFindings(found, true);
    expect(verdict.findings.map((j) => [j.finding.key, j.blocks])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    expect(verdict.refusal?.message).toBe('1 routing problem stops the command (--strict makes warnings errors)');
  });
});

describe('routingFindings (validate, and plan with the rules after it)', () => {
  it('marks what the files acknowledge, also among the live rules policy.ignore keeps', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-accept-after-'));
    const file = join(dir, 'routes.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'outbound_routes:',
        '  - {name: Default, prefix: "", gwgroupid: "5"}',
        '  - {name: cust-a, prefix: "1", from_prefix: "212", gwgroupid: "5"}',
        'policy:',
        '  ignore: {outbound_routes: ["legacy-*"]}',
        '  accept:',
        '    - {lint: ambiguous_lcr, route: "cust-*"}',
        '    - {lint: ambiguous_lcr, route: "legacy-*"}',
        '',
      ].join('\n'),
    );
    const loaded = await loadDesiredState([file]);
    rmSync(dir, { recursive: true, force: true });
    if (!loaded.ok) throw new Error('the file should load');
    const desired = loaded.desired;
    // After the plan: the files' routes and a live LCR route the files only ignore.
    const legacy = {
      name: 'legacy-b',
      prefix: '1',
      from_prefix: '646',
      gwgroupid: '6',
      priority: 0,
      timerec: '',
      routeid: '',
      ruleid: 7,
      groupid: 10_007,
    };
    const after = { outbound_routes: [...(desired.outbound_routes ?? []), legacy] };
    expect(routingFindings(desired, after).map((f) => [f.code, f.keys, f.acknowledged ?? false])).toEqual([
      ['ambiguous_lcr', ['cust-a', 'legacy-b'], true],
    ]);
    // From the files alone there is no tie: the entry for the live route matches nothing.
    expect(routingFindings(desired).map((f) => [f.code, f.acknowledged ?? false])).toEqual([
      ['accept_unused', false],
      ['accept_unused', false],
    ]);
  });
});

describe('the lint codes policy.accept takes', () => {
  it('are the schema enum', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/dsipform.schema.json', import.meta.url), 'utf8'));
    expect(schema.properties.policy.properties.accept.items.properties.lint.enum).toEqual(ACCEPTABLE_LINTS);
  });
});

describe('validate --strict with policy.accept', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-accept-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const routes = [
    'outbound_routes:',
    '  - {name: Default, prefix: "", gwgroupid: "5"}',
    '  - {name: cust-a, prefix: "1", from_prefix: "212", gwgroupid: "5"}',
    '  - {name: cust-b, prefix: "1", from_prefix: "646", gwgroupid: "6"}',
  ];
  const write = (name: string, lines: string[]): string => {
    const file = join(dir, name);
    writeFileSync(file, ['version: 1', ...lines, ''].join('\n'));
    return file;
  };

  it('fails without an acknowledgement (the two customers tie)', async () => {
    const run = await runMain(['validate', '--strict', write('plain.yaml', routes)]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: .*plain\.yaml:5:\d+: route "cust-b" \(LCR "646-1"\) and route "cust-a" \(LCR "212-1"\)/);
  });

  it('passes with one, showing the finding as acknowledged and counting it', async () => {
    const file = write('accepted.yaml', [...routes, 'policy:', '  accept:', '    - {lint: ambiguous_lcr, route: "cust-*"}']);
    const run = await runMain(['validate', '--strict', file]);
    expect(run.stderr).toMatch(
      /^acknowledged \(policy\.accept\): .*accepted\.yaml:5:\d+: route "cust-b" \(LCR "646-1"\) and route "cust-a" .*\n1 routing finding acknowledged by policy\.accept/,
    );
    expect(run.stderr).not.toMatch(/^(warning|error):/m);
    expect(run.code).toBe(0);
  });

  it('warns about an acknowledgement that matches nothing, at the policy', async () => {
    const file = write('stale.yaml', [
      ...routes,
      'policy:',
      '  accept:',
      '    - {lint: ambiguous_lcr, route: "cust-*"}',
      '    - {lint: shadowed, route: "old-*"}',
    ]);
    const run = await runMain(['validate', file]);
    expect(run.stderr).toContain(
      `warning: ${file}:6:1: policy.accept[1] {lint: shadowed, route: "old-*"} acknowledges no finding: no shadowed warning names a route it matches`,
    );
    expect(run.code).toBe(0);
    expect((await runMain(['validate', '--strict', file])).code).toBe(1);
  });
});
