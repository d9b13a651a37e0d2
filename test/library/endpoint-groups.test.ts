// The library takes the endpoint_groups collection as the CLI does (issue 34): planDesired plans a
// group and the mapping that names it, applyDesired applies both in order, and the next plan is
// empty. Real files, the emulator over real HTTP, the package's entry (src/index.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyDesired, loadDesiredState, planDesired } from '../../src/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

describe('library: endpoint groups', () => {
  it('planDesired and applyDesired take the endpoint_groups collection', async () => {
    const { client } = await emulatorFixture({ profile: 'current', empty: true });
    const file = join(mkdtempSync(join(tmpdir(), 'dsipform-lib-eg-')), 'pbx.yaml');
    writeFileSync(
      file,
      'version: 1\nendpoint_groups:\n  - name: Office PBX\n    call_limit: 5\n    endpoints: [{name: pbx, hostname: 198.51.100.7:5080}]\ninbound_mappings:\n  - did: "15550001111"\n    group: Office PBX\n',
    );
    const loaded = await loadDesiredState([file]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const { plan } = await planDesired(client, loaded.desired);
    expect(plan.changes.map((c) => `${c.action} ${c.kind} ${c.key}`)).toEqual([
      'create endpoint_group Office PBX',
      'create inbound_mapping 15550001111',
    ]);
    await applyDesired(client, loaded.desired);
    const [group] = await client.listEndpointGroups();
    expect(group?.name).toBe('Office PBX');
    expect((await client.getEndpointGroup(group!.gwgroupid))?.call_limit).toBe(5);
    expect((await client.listInboundMappings()).map((m) => m.servers)).toEqual([[`#${group!.gwgroupid}`]]);
    expect((await planDesired(client, loaded.desired)).plan.changes).toEqual([]);
  });
});
