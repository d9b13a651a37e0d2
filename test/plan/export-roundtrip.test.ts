import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import type { GatewayGroup } from '../../src/model/group.js';
import type { InboundMapping } from '../../src/model/inbound-mapping.js';
import type { OutboundRoute } from '../../src/model/outbound-route.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { exportDocument } from '../../src/plan/export.js';

// Whatever the platform's API holds, `export` writes a file that loads without an issue and plans
// to no changes against the same platform: rules the proxy drops (which the files refuse) are left
// out and kept by policy.ignore. The file is read back through the real loader (as JSON, which the
// loader takes too) and planned by the real planner.

const GROUPS: GatewayGroup[] = [
  { gwgroupid: 2, name: 'Carrier two', type: 'carrier', gwids: ['16', '17'] },
  { gwgroupid: 4, name: 'Carrier four', type: 'carrier', gwids: ['23'] },
  { gwgroupid: 5, name: 'Empty', type: 'carrier', gwids: [] },
  { gwgroupid: 7, name: 'Carrier two', type: 'endpoint', gwids: ['30'] },
];
const SERVERS = ['16', '17', '20', '23', '30', '#2', '#4', '#5', '#7', '#99'];
const DIDS = ['', '1555', '+1555', '0044', '*12#', '1*'];

const mapping = fc.record({
  did: fc.constantFrom(...DIDS),
  servers: fc.array(fc.constantFrom(...SERVERS), { minLength: 1, maxLength: 2 }),
  notes: fc.constantFrom('', 'a note'),
});
const route = fc.record({
  name: fc.constantFrom('A', 'B', 'C'),
  prefix: fc.constantFrom('', '44', '1'),
  from_prefix: fc.constantFrom(null, '1555'),
  gwgroupid: fc.constantFrom('2', '4', '5', '7', '99'),
  priority: fc.integer({ min: 0, max: 3 }),
});

const dir = mkdtempSync(join(tmpdir(), 'dsipform-export-roundtrip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('export, read back, plan', () => {
  it('loads without an issue and plans no changes, for any state the API can hold', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(mapping, { selector: (m) => m.did, maxLength: 5 }),
        fc.array(route, { maxLength: 4 }),
        async (ms, rs) => {
          const mappings: InboundMapping[] = ms.map((m, i) => ({ ...m, ruleid: i + 1 }));
          // The platform refuses an LCR route without a prefix, and keeps LCR patterns unique.
          const routes: OutboundRoute[] = rs
            .filter((r) => r.from_prefix === null || r.prefix !== '')
            .filter((r, i, all) => r.from_prefix === null || !all.slice(0, i).some((o) => o.from_prefix !== null && o.prefix === r.prefix))
            .map((r, i) => ({ ...r, timerec: '', routeid: '', ruleid: 100 + i, groupid: r.from_prefix === null ? 8000 : 10_000 + i }));
          const live = { inbound_mappings: mappings, outbound_routes: routes, groups: GROUPS };
          const file = join(dir, `export-${n++}.json`);
          writeFileSync(file, JSON.stringify(exportDocument(mappings, routes, undefined, GROUPS)));
          const loaded = await loadDesiredState([file]);
          expect(loaded.ok ? [] : loaded.issues.map((i) => i.message)).toEqual([]);
          if (!loaded.ok) return;
          const result = buildPlan({ desired: loaded.desired, live, target: 'test', now: 0 });
          expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([]);
          if (result.ok) expect(result.plan.changes).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
