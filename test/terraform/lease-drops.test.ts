import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/terraform/provider.js';
import type { Diagnostic } from '../../src/terraform/types.js';
import { emulatorFixture } from '../helpers/emulator.js';

const PROVIDER_CONFIG = { url: null, token: null, ca_file: null, insecure: null, reload: false, timeout_ms: null, api_profile: null };
const PLANNED = {
  id: null,
  email: 'ops@example.com',
  ttl: '1h',
  lease_id: null,
  username: null,
  domain: null,
  password: null,
  expires_at: null,
};

/** How many leases the warnings say may exist unrecorded: "N leases may have been obtained …". */
function warned(diagnostics: readonly Diagnostic[] | undefined): number {
  return (diagnostics ?? [])
    .map((d) => /^(\d+) leases? may have been obtained and not recorded$/.exec(d.summary))
    .reduce((n, m) => n + (m ? Number(m[1]) : 0), 0);
}

describe('the provider accounts for every lease it obtains through dropped connections', () => {
  it('each lease the platform issued is in Terraform state or counted in a warning that names its email and expiry, seeds 7-11', async () => {
    let lostInAll = 0;
    for (const seed of [7, 8, 9, 10, 11]) {
      const dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-tf-drops-')), 'emu.json');
      const { emu } = await emulatorFixture({ dataFile, faults: { dropRate: 0.3, seed } });
      const provider = await createProvider({});
      expect(await provider.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
      const lease = provider.resources.dsiprouter_endpoint_lease!;
      let recorded = 0;
      let warnings = 0;
      const details: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const result = await lease.apply({ prior: null, planned: { ...PLANNED }, config: { ...PLANNED } });
        if (result.state) recorded += 1;
        warnings += warned(result.diagnostics);
        details.push(...(result.diagnostics ?? []).map((d) => `${d.severity}: ${d.summary}: ${d.detail ?? ''}`));
      }
      await provider.shutdown(); // closes its client (reload is off)
      await emu.close(); // writes the data file's last state
      const issued = (JSON.parse(readFileSync(dataFile, 'utf8')) as { leases: unknown[] }).leases.length;
      lostInAll += issued - recorded;
      // More warnings than lost leases is right: a reset before the platform acted issues nothing, yet looks the same.
      expect(issued - recorded, `seed ${seed}:\n${details.join('\n')}`).toBeLessThanOrEqual(warnings);
      for (const d of details.filter((t) => t.includes('may have been obtained'))) {
        expect(d).toMatch(/^warning: .* for ops@example\.com .* expires? by \d{4}-\d\d-\d\dT[\d:.]+Z\. The platform cannot list leases/);
        expect(d).not.toMatch(/password/i);
      }
    }
    // The seeds were chosen so that answers are lost: otherwise this test proves nothing.
    expect(lostInAll).toBeGreaterThan(0);
  }, 120_000);
});
