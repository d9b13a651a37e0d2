import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cdktf from 'cdktf';
import * as cdktn from 'cdktn';
import { describe, expect, it } from 'vitest';
import * as forCdktf from '../../../src/cdktf/bindings/cdktf/index.js';
import * as forCdktn from '../../../src/cdktf/bindings/cdktn/index.js';
import type { DsipformInvariant } from '../../../src/cdktf/dsipform-policy.cjs';
import { readStack } from '../../../src/cdktf/reader/read-stack.js';
import { formatIssue, loadDesiredState } from '../../../src/config/index.js';
import { runCli } from '../../helpers/cli.js';
import { scenario } from '../../helpers/scenario.js';

// Issue 36 §1: DsipformPolicy takes the files' routing invariants; the reader holds them to the
// files' rules (each mistake at the construct's path and key, FILE:LINE:COL), and the synthesized
// stack is checked against them as files are: validate, test and plan --cdktf refuse a violation
// with the call that breaks it, which dsipform route --cdktf replays with the same answer.

const INVARIANTS: DsipformInvariant[] = [
  { name: 'premium numbers are never routed', never: { direction: 'outbound', toPrefix: '1900' } },
  {
    always: {
      direction: 'outbound',
      toPrefix: '1212',
      fromPrefix: '1312',
      during: '20260101T090000|8H|daily',
      reaches: { carrierGroup: 'BW' },
    },
  },
  { builtin: 'no_dead_rule' },
];

/** The same invariants in the files' spelling. */
const YAML = [
  'version: 1',
  'invariants:',
  '  - name: premium numbers are never routed',
  '    never: { direction: outbound, to_prefix: "1900" }',
  '  - always: { direction: outbound, to_prefix: "1212", from_prefix: "1312", during: "20260101T090000|8H|daily", reaches: { carrier_group: BW } }',
  '  - builtin: no_dead_rule',
  '',
].join('\n');

/** Synthesizes a stack with two routes (one to 1900…) and a policy with `invariants`; returns its directory. */
function synth(
  core: typeof cdktf | typeof cdktn,
  b: typeof forCdktf | typeof forCdktn,
  invariants: readonly DsipformInvariant[],
  outdir: string,
): string {
  const app = new core.App({ outdir });
  const stack = new core.TerraformStack(app, 'platform');
  new b.DsiprouterProvider(stack, 'dsip', { url: 'https://sip.example.com:5000' });
  new b.OutboundRoute(stack, 'us', { name: 'US', prefix: '1', gwgroupid: '2' });
  new b.OutboundRoute(stack, 'premium', { name: 'premium', prefix: '1900', gwgroupid: '2' });
  new b.DsipformPolicy(stack, 'policy', {
    ignore: { outboundRoutes: ['Default Outbound Route'] },
    proxy: { timezone: 'UTC' },
    invariants,
  });
  app.synth();
  return join(outdir, 'stacks', 'platform');
}

/** An invariant without its place (files and stacks place it differently). */
const placeless = ({ origin: _o, ...rest }: { origin?: unknown } & Record<string, unknown>) => rest;

describe('DsipformPolicy invariants', () => {
  it.each([
    ['cdktf', cdktf, forCdktf],
    ['cdktn', cdktn, forCdktn],
  ] as const)('with %s: synthesized beside the policy, read as the files read them', async (_name, core, b) => {
    const dir = synth(core, b, INVARIANTS, mkdtempSync(join(tmpdir(), 'dsipform-inv-synth-')));
    const doc = JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8'));
    expect(doc['//'].dsipform_policy.invariants[1].always).toMatchObject({ to_prefix: '1212', reaches: { carrier_group: 'BW' } });
    const stack = await readStack(dir);
    const file = join(mkdtempSync(join(tmpdir(), 'dsipform-inv-files-')), 'inv.yaml');
    writeFileSync(file, YAML);
    const files = await loadDesiredState([file]);
    expect(stack.ok ? [] : stack.issues.map(formatIssue)).toEqual([]);
    expect(files.ok ? [] : files.issues.map(formatIssue)).toEqual([]);
    const ofStack = stack.ok ? (stack.desired.invariants ?? []) : [];
    expect(ofStack.map(placeless)).toEqual(files.ok ? (files.desired.invariants ?? []).map(placeless) : null);
    expect(ofStack[0]!.origin).toMatchObject({ file: join(dir, 'cdk.tf.json'), line: expect.any(Number) as unknown });
  });

  it.each<[string, unknown, RegExp]>([
    ['a list', { never: { direction: 'outbound' } }, /\(invariants\): must be a list of invariants/],
    ['a key', [{ nevr: { direction: 'outbound' } }], /\(invariants\[0\]\.nevr\): "nevr" is not a key of an invariant/],
    [
      'two checks',
      [{ never: { direction: 'outbound' }, builtin: 'no_dead_rule' }],
      /\(invariants\[0\]\.builtin\): an invariant is one of never:, always: or builtin:/,
    ],
    [
      'a direction',
      [{ never: { direction: 'sideways' } }],
      /\(invariants\[0\]\.never\.direction\): must be 'inbound' or 'outbound', not "sideways"/,
    ],
    [
      'a prefix',
      [{ never: { direction: 'outbound', to_prefix: '19x' } }],
      /\(invariants\[0\]\.never\.toPrefix\): never\.toPrefix "19x" may contain only the characters 0-9 \+ # \*/,
    ],
    ['a window', [{ always: { direction: 'inbound', during: 'nightly' } }], /\(invariants\[0\]\.always\.during\): always\.during: /],
    [
      'a destination',
      [{ never: { direction: 'outbound', reaches: { carrier_group: 'A', group: 'B' } } }],
      /\(invariants\[0\]\.never\.reaches\): must name exactly one destination/,
    ],
    ['a builtin', [{ builtin: 'no_loops' }], /\(invariants\[0\]\.builtin\): "no_loops" is not a built-in check/],
  ])('a mistake in %s is placed at FILE:LINE:COL, naming the construct and its key', async (_what, invariants, message) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'dsipform-inv-bad-')), 'stacks', 'platform');
    mkdirSync(dir, { recursive: true });
    const doc = {
      '//': { dsipform_policy: { path: 'platform/policy', policy: {}, invariants } },
      provider: { dsiprouter: [{}] },
      resource: {},
    };
    writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(doc, null, 2));
    const r = await readStack(dir);
    const text = r.ok ? '' : r.issues.map(formatIssue).join('\n');
    expect(text).toMatch(new RegExp(`cdk\\.tf\\.json:\\d+:\\d+: DsipformPolicy platform/policy ${message.source}`));
    expect(text).toMatch(/\n {2}hint: \S/);
  });
});

describe('a synthesized stack checked against its invariants', () => {
  it('validate and plan --cdktf refuse the violation with its call; route --cdktf replays it with the same answer', async () => {
    const dir = synth(cdktf, forCdktf, [INVARIANTS[0]!], mkdtempSync(join(tmpdir(), 'dsipform-inv-synth-')));
    const validate = await runCli(['validate', '--cdktf', dir]);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toMatch(/FAIL .*cdk\.tf\.json:\d+: invariant "premium numbers are never routed": an outbound call is routed/);
    expect(validate.stderr).toContain('error (ROUTING_INVARIANTS_FAILED)');

    const s = await scenario();
    const plan = await runCli(['plan', '--cdktf', dir, '--format', 'json'], s.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('error (PLAN_INVARIANT_FAILED)');
    const saved = JSON.parse(plan.stdout) as {
      invariants: { status: string; counterexample: { replay: string; decision: { rule: { key: string } } } }[];
    };
    const c = saved.invariants[0]!.counterexample;
    expect([saved.invariants[0]!.status, c.decision.rule.key]).toEqual(['violated', 'premium']);
    const replayed = await runCli(['route', '--cdktf', dir, ...c.replay.replace(/^dsipform route /, '').split(' '), '--format', 'json']);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect((JSON.parse(replayed.stdout) as { rule: { key: string } }).rule.key).toBe('premium');
    expect((await s.client.listOutboundRoutes()).map((r) => r.name)).not.toContain('premium');
  });
});
