// The rules after a plan are made ready for its checks once, by the planner (issue 33 §1: "Build
// the rules after the plan once, inside the planner, and hand them on"): in the files' order with
// their origins, judged by the groups after the plan unless allowDangling, and loaded; the lints
// read that loaded value, and find what they found when they built and loaded the rules
// themselves. Through planPlatform against the emulator over loopback, from a real file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState, planFindings, planPlatform } from '../../src/index.js';
import { preparedRules } from '../../src/routing/prepared.js';
import { emulatorFixture } from '../helpers/emulator.js';

/** Two routes (the second to a group the platform does not have) and a default, in that order. */
const FILE = [
  'version: 1',
  'outbound_routes:',
  '  - { name: Zeta, prefix: "44", gwgroupid: "1" }',
  '  - { name: Alpha, prefix: "33", gwgroupid: "999" }',
  '  - { name: Default, prefix: "", gwgroupid: "1" }',
];

/** The same without the route to a missing group: a plan that the groups can judge. */
const JUDGED = FILE.filter((line) => !line.includes('Alpha'));

async function planned(options: { allowDangling?: boolean; checks?: boolean; mode?: 'apply' | 'destroy' } = {}, lines = FILE) {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-checked-rules-'));
  const file = join(dir, 'routes.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  const { client } = await emulatorFixture();
  const made = await planPlatform(client, loaded.desired, { tz: 'UTC', allowDangling: true, ...options });
  if (!made.ok) throw new Error(JSON.stringify(made.issues));
  return { made, desired: loaded.desired, file };
}

describe('the rules after a plan, made ready for its checks by the planner', () => {
  it('are in the files order with their origins, judged by the groups, and loaded once', async () => {
    const { made, file } = await planned({ allowDangling: false }, JUDGED);
    const checked = made.checked!;
    expect(checked.after.state.outbound_routes?.map((r) => [r.name, r.origin?.file, r.origin?.line])).toEqual([
      ['Zeta', file, 3],
      ['Default', file, 4],
    ]);
    // Judged by the groups after the plan: the set knows the platform's groups and their gateways.
    expect(checked.set.inventory?.lists.has('1')).toBe(true);
    expect(checked.loaded.kept.map((r) => r.key)).toEqual(['Zeta', 'Default']);
    // The loaded value is the set's own: whatever reads the set prepared finds it, not a second load.
    expect(preparedRules(checked.set)).toBe(checked.loaded);
  });

  it('are not judged by the groups with allowDangling, and the lints find on them what they find alone', async () => {
    const { made, desired } = await planned({ allowDangling: true });
    // A dangling reference allowDangling lets through is the plan's warning, not a dropped rule.
    expect(made.checked!.set.inventory).toBeUndefined();
    expect(made.checked!.loaded.dropped).toEqual([]);
    expect(made.checked!.loaded.kept.map((r) => r.key)).toEqual(['Zeta', 'Alpha', 'Default']);
    const handed = planFindings(desired, made.live, made.plan, true, made.checked);
    const alone = planFindings(desired, made.live, made.plan, true);
    expect(handed.map((f) => `${f.code} ${f.key ?? ''}`)).toEqual(alone.map((f) => `${f.code} ${f.key ?? ''}`));
  });

  it('are made for an apply only when asked (routes asks none), and never for a destroy', async () => {
    expect((await planned()).made.checked?.loaded.kept.length).toBe(3);
    expect((await planned({ checks: false })).made.checked).toBeUndefined();
    expect((await planned({ mode: 'destroy' })).made.checked).toBeUndefined();
  });
});
