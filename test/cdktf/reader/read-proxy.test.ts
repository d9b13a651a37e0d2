import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cdktf from 'cdktf';
import * as cdktn from 'cdktn';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DsipformPolicy } from '../../../src/cdktf/dsipform-policy.cjs';
import { readStack } from '../../../src/cdktf/reader/read-stack.js';
import { formatIssue } from '../../../src/config/index.js';
import { TEST_PROFILE } from '../../helpers/emulator.js';
import { scenario } from '../../helpers/scenario.js';

// The proxy's zone from a stack: DsipformPolicy's `proxy` (the files' top-level `proxy` block),
// synthesized beside the policy under the top-level "//", read by `--cdktf` as the files' one.

const ROUTES = {
  default: { name: 'Default Outbound Route', prefix: '', gwgroupid: '2' },
  office: { name: 'Office hours', prefix: '1312', gwgroupid: '3', priority: 10, timerec: '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR' },
};

/** A stack directory whose cdk.tf.json holds the routes and, under "//", `entry` as DsipformPolicy writes it. */
function stackWith(entry: unknown, root = mkdtempSync(join(tmpdir(), 'dsipform-proxy-stack-'))): string {
  const dir = join(root, 'cdktf.out', 'stacks', 'platform');
  mkdirSync(dir, { recursive: true });
  const doc = {
    '//': { dsipform_policy: entry, metadata: { backend: 'local', stackName: 'platform', version: '0.21.0' } },
    provider: { dsiprouter: [{}] },
    resource: { dsiprouter_outbound_route: ROUTES },
  };
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(doc, null, 2));
  return dir;
}

/** The 1-based number of the line of the stack that contains `text`. */
function lineOf(dir: string, text: string): number {
  return (
    readFileSync(join(dir, 'cdk.tf.json'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(text)) + 1
  );
}

describe("DsipformPolicy's proxy", () => {
  it.each([
    ['cdktf', cdktf],
    ['cdktn', cdktn],
  ] as const)('with %s: synthesized beside the policy, read as the files read proxy.timezone', async (_name, core) => {
    const outdir = mkdtempSync(join(tmpdir(), 'dsipform-proxy-synth-'));
    const app = new core.App({ outdir });
    const stack = new core.TerraformStack(app, 'platform');
    new DsipformPolicy(stack, 'policy', { maxDeletes: 3, proxy: { timezone: 'America/Chicago' } });
    app.synth();
    const dir = join(outdir, 'stacks', 'platform');
    const entry = JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8'))['//'].dsipform_policy;
    expect(entry).toEqual({ path: 'platform/policy', policy: { max_deletes: 3 }, proxy: { timezone: 'America/Chicago' } });
    const r = await readStack(dir);
    const file = join(dir, 'cdk.tf.json');
    expect(r.ok && r.desired.proxy).toEqual({
      timezone: 'America/Chicago',
      origin: { file, line: lineOf(dir, '"timezone"'), col: expect.any(Number) },
    });
    expect(r.ok && r.desired.policy.max_deletes).toEqual({ count: 3 });
  });

  it('a stack without it declares no zone, and its policy is unchanged', async () => {
    const r = await readStack(stackWith({ path: 'platform/policy', policy: { max_deletes: 3 } }));
    expect(r.ok && 'proxy' in r.desired).toBe(false);
  });

  it.each([
    [
      'a zone this machine does not know',
      { timezone: 'Mars/Olympus' },
      'DsipformPolicy platform/policy (proxy.timezone) "Mars/Olympus" is not a time zone this machine knows',
    ],
    ['a number', { timezone: 5 }, 'DsipformPolicy platform/policy (proxy.timezone): must be an IANA zone name (text), not 5'],
    ['a Terraform reference', { timezone: '${var.tz}' }, 'is a Terraform reference, which dsipform cannot resolve'],
    ['a key proxy does not have', { zone: 'UTC' }, 'DsipformPolicy platform/policy (proxy.zone): "zone" is not a key of proxy'],
    ['not an object', 'UTC', 'DsipformPolicy platform/policy (proxy): must be an object { timezone }'],
  ])('refuses %s at FILE:LINE:COL, naming the construct', async (_, proxy, message) => {
    const dir = stackWith({ path: 'platform/policy', policy: {}, proxy });
    const r = await readStack(dir);
    const shown = r.ok ? '' : r.issues.map(formatIssue).join('\n');
    expect(shown).toContain(message);
    expect(shown).toMatch(new RegExp(`cdk\\.tf\\.json:${lineOf(dir, '"proxy"') + (typeof proxy === 'object' ? 1 : 0)}:\\d+: `));
    expect(shown).toMatch(/\n {2}hint: \S/);
  });
});

describe('the zone of a stack and of files: one plan', () => {
  it("plan --cdktf and plan of the same YAML name the declared zone alike (not the machine's), with no warning", async () => {
    const s = await scenario({ profile: TEST_PROFILE });
    const yaml = s.file(
      'platform.yaml',
      stringify({ version: 1, proxy: { timezone: 'America/Chicago' }, outbound_routes: Object.values(ROUTES), policy: { max_deletes: 3 } }),
    );
    const stack = stackWith({ path: 'platform/policy', policy: { max_deletes: 3 }, proxy: { timezone: 'America/Chicago' } }, s.dir);
    const files = await s.run(['plan', yaml]);
    const fromStack = await s.run(['plan', '--cdktf', stack]);
    expect(files.code, files.stderr).toBe(0);
    expect(fromStack.code, fromStack.stderr).toBe(0);
    expect(fromStack.stdout).toEqual(files.stdout);
    expect(files.stdout).toMatch(/^Routing impact \(checked over one week from Mon \d{4}-\d\d-\d\d 00:00 America\/Chicago\):$/m);
    expect(files.stdout).toContain('calls to 1312…, Mon–Fri 09:00–17:00 America/Chicago:');
    expect(files.stderr + fromStack.stderr).not.toContain('PROXY_ZONE_UNDECLARED');
  });
});
