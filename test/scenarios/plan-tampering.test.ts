import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checksumOf } from '../../src/plan/checksum.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import type { SavedPlan } from '../../src/model/plan.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

const FILE = 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n  - did: "2"\n    servers: ["2"]\n';

/** Plans FILE to `plan.json` and returns its path and text. */
async function savedPlan(s: Scenario): Promise<{ out: string; text: string }> {
  const out = join(s.dir, 'plan.json');
  const r = await s.run(['plan', s.file('m.yaml', FILE), '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  return { out, text: readFileSync(out, 'utf8') };
}

/** What someone who can write the file does: edit the plan, then recompute its unkeyed checksum. */
function forge(text: string, edit: (plan: Record<string, unknown>) => void): string {
  const { checksum: _old, ...plan } = JSON.parse(text) as SavedPlan;
  const body = plan as unknown as Record<string, unknown>;
  edit(body);
  return renderPlanJson({ ...(body as unknown as SavedPlan), checksum: checksumOf(body) });
}

/**
 * The line and column (1-based) of the value that `needle` (`"key": value`, or the value alone)
 * writes in `text`, or of the character `skip` characters into it.
 */
function lineColOf(text: string, needle: string, skip = /^"[^"]*": /.exec(needle)?.[0].length ?? 0): string {
  const before = text.slice(0, text.indexOf(needle) + skip).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('scenario: a tampered saved plan is refused (PLAN_CORRUPT)', () => {
  it('refuses a duplicate key ("changes": [] before the real list), naming the key and where it is', async () => {
    const s = await scenario();
    const { out, text } = await savedPlan(s);
    // JSON.parse keeps the last of two equal keys, so the checksum still matches: a reader that keeps
    // the first (a reviewer's tool) sees an empty plan, while apply would create both mappings.
    const tampered = text.replace('  "changes": [', '  "changes": [],\n  "changes": [');
    writeFileSync(out, tampered);
    const r = await s.run(['apply', '--plan', out, '--auto-approve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error (PLAN_CORRUPT): ${out}:${lineColOf(tampered, '\n  "changes": [\n', 3)}: the plan is corrupt: the key "changes" appears twice in one object`,
    );
    expect(r.stderr).toMatch(/hint: .*dsipform plan .*--out/);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });

  it.each<[string, (plan: Record<string, unknown>) => void, string, string]>([
    [
      'an unknown action',
      (p) => ((p.changes as Record<string, unknown>[])[0]!.action = 'explode'),
      '"explode"',
      'changes[0].action: "explode" is not one of create, update, replace, delete',
    ],
    [
      'a field of the wrong type',
      (p) => (((p.changes as Record<string, unknown>[])[0]!.after as Record<string, unknown>).servers = '1'),
      '"servers": "1"',
      'changes[0].after.servers: must be an array',
    ],
    [
      'two changes of one object',
      (p) => (p.changes as unknown[]).push((p.changes as unknown[])[0]),
      '"changes"',
      'changes[2]: a second change of inbound_mapping "1" (the first is changes[0]); a plan changes each object once',
    ],
    ['an unknown key', (p) => (p.extra = true), '"extra": true', 'extra: unknown key'],
  ])('refuses %s even with a recomputed checksum', async (_case, edit, at, message) => {
    const s = await scenario();
    const { out, text } = await savedPlan(s);
    const forged = forge(text, edit);
    writeFileSync(out, forged);
    const r = await s.run(['apply', '--plan', out, '--auto-approve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the plan is corrupt: ${message}`);
    if (at !== '"changes"') expect(r.stderr).toContain(`${out}:${lineColOf(forged, at)}:`);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });
});
