import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headLines, loadIssues, loadOk } from './helpers.js';

/** Writes a file holding only `policy:` with the given lines, and returns its path. */
function policyFile(lines: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'dsipform-policy-')), 'policy.yaml');
  writeFileSync(path, `version: 1\ninbound_mappings: []\npolicy:\n${lines}`);
  return path;
}

describe('policy.max_updates', () => {
  it.each([
    ['  max_updates: 50\n', { count: 50 }],
    ['  max_updates: "30%"\n', { percent: 30 }],
    ['  max_updates: 0\n', { count: 0 }],
  ])('%j is %j', async (lines, limit) => {
    expect((await loadOk([policyFile(lines)])).policy.max_updates).toEqual(limit);
  });

  it('is absent (no limit) when the files give none', async () => {
    expect((await loadOk([policyFile('  max_deletes: 3\n')])).policy).not.toHaveProperty('max_updates');
  });

  it.each([
    ['  max_updates: "150%"\n', ':4:16: policy.max_updates must be at most 100%'],
    ['  max_updates: -1\n', ':4:16: '],
    ['  max_updates: "many"\n', ':4:16: '],
  ])('refuses %j', async (lines, expected) => {
    const path = policyFile(lines);
    expect(headLines(await loadIssues([path]))[0]).toContain(`${path}${expected}`);
  });
});
