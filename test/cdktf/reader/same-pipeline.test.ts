import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { TEST_PROFILE } from '../../helpers/emulator.js';
import { scenario, type Scenario } from '../../helpers/scenario.js';

// Issue 27: `dsipform plan --cdktf` takes the same road as files (src/cli → src/pipeline): the stack
// reader only turns cdk.tf.json into a DesiredState, and every check after that (references, the
// routing lints of the rules after the plan, the impact, the safety findings, the policy) is the
// pipeline's. The same rules and policy as a YAML file and as a synthesized stack give the same
// plan and the same findings, word for word, but for where each is (FILE:LINE:COL).

const POLICY = { ignore: { outbound_routes: ['Default Outbound Route'] }, max_deletes: 5 };
const MAPPINGS = { main: { did: '15551230001', servers: ['14'] } };
const ROUTES = {
  uk: { name: 'UK', prefix: '44', gwgroupid: '5', priority: -1 },
  later: { name: 'Later', prefix: '45', gwgroupid: '999' },
  night: { name: 'Nights', prefix: '46', gwgroupid: '6', timerec: '20270101T000000|PT23H|daily|||||||2' },
};

function yamlFile(s: Scenario): string {
  const file = join(s.dir, 'platform.yaml');
  writeFileSync(
    file,
    stringify({ version: 1, inbound_mappings: Object.values(MAPPINGS), outbound_routes: Object.values(ROUTES), policy: POLICY }),
  );
  return file;
}

function stackDir(s: Scenario): string {
  const dir = join(s.dir, 'cdktf.out', 'stacks', 'platform');
  mkdirSync(dir, { recursive: true });
  const doc = {
    '//': {
      metadata: { backend: 'local', stackName: 'platform', version: '0.21.0' },
      dsipform_policy: { path: 'platform/policy', policy: POLICY },
    },
    provider: { dsiprouter: [{}] },
    resource: { dsiprouter_inbound_mapping: MAPPINGS, dsiprouter_outbound_route: ROUTES },
    terraform: { required_providers: { dsiprouter: { source: 'dsipform/dsiprouter', version: '0.1.0' } } },
  };
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(doc, null, 2));
  return dir;
}

/**
 * What was said, with each place taken out: FILE:LINE:COL in words, `origin` in a JSON plan (and
 * its checksum, which covers the origins).
 */
function placeless(text: string): unknown {
  if (!text.startsWith('{')) return text.replace(/\S+\.(yaml|json):\d+:\d+: /g, '');
  // `place`: the policy says where it was written (a stack's refusals name DsipformPolicy).
  return JSON.parse(text, (key, value: unknown) => (key === 'origin' || key === 'checksum' || key === 'place' ? undefined : value));
}

describe(`dsipform plan --cdktf and files: one pipeline (${TEST_PROFILE} API)`, () => {
  it.each([
    ['a dangling reference stops both, in the same words', [] as string[]],
    ['with --allow-dangling both plan alike: lints, impact, notes, safety', ['--allow-dangling']],
    ['the JSON plan is the same', ['--allow-dangling', '--format', 'json']],
  ])('%s', async (_, flags) => {
    const s = await scenario({ profile: TEST_PROFILE });
    const files = await s.run(['plan', yamlFile(s), ...flags]);
    const stack = await s.run(['plan', '--cdktf', stackDir(s), ...flags]);
    expect(stack.code, stack.stderr).toBe(files.code);
    expect(placeless(stack.stdout)).toEqual(placeless(files.stdout));
    expect(placeless(stack.stderr)).toEqual(placeless(files.stderr));
    // Each check had something to say, so the comparison is not of two empty outputs.
    const said = files.stdout + files.stderr;
    if (flags.length === 0)
      expect(said).toMatch(/gwgroupid names group 999, which does not exist on the platform: the proxy drops the rule/);
    else {
      expect(said).toMatch(/negative_priority|priority -1/);
      expect(said).toMatch(/bymonth 2 matches March/);
      expect(said).toMatch(/UK/);
    }
  });
});
