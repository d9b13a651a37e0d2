// The hints that list the files' collections follow the kind registry: on 53e12ce both were written
// out by hand and left endpoint_groups out (issue 34 added the kind), while the message above them,
// from the schema, listed it: "policy.protect[0] must be one of: …, endpoint_groups, numbers",
// then "hint: use …, carrier_groups or numbers, each once".
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIssue, loadDesiredState } from '../../src/config/index.js';
import { KINDS } from '../../src/model/desired.js';
import { KIND_SPECS } from '../../src/model/kinds.js';

const COLLECTIONS = KINDS.map((k) => KIND_SPECS[k].collection);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-collection-hints-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The one issue of a file with this text, as the user reads it. */
async function issueOf(name: string, text: string): Promise<string> {
  await writeFile(join(dir, name), text);
  const result = await loadDesiredState([name], { cwd: dir, env: {} });
  if (result.ok) throw new Error('expected an issue');
  expect(result.issues).toHaveLength(1);
  return formatIssue(result.issues[0]!);
}

describe('the hints that list the collections', () => {
  it('a file that is no mapping: the hint names every collection of the registry, in its order', async () => {
    expect(await issueOf('list.yaml', '- a\n')).toBe(
      'list.yaml:1:1: the file must be a mapping (key: value), not a list\n' +
        `  hint: start the file with "version: 1", then ${COLLECTIONS.join(', ')}, routing_tests, invariants, policy or proxy`,
    );
    expect(COLLECTIONS).toContain('endpoint_groups');
  });

  it('an unknown collection in policy.protect: the hint names the same collections as the message', async () => {
    const text = await issueOf('protect.yaml', 'version: 1\npolicy:\n  protect: [bogus]\n');
    const [message, hint] = text.split('\n');
    expect(message).toBe(`protect.yaml:3:13: policy.protect[0] must be one of: ${COLLECTIONS.join(', ')}`);
    expect(hint).toBe(`  hint: use ${COLLECTIONS.slice(0, -1).join(', ')} or ${COLLECTIONS.at(-1)!}, each once`);
  });
});
