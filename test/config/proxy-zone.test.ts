import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/config/check-file.js';
import { formatIssue, loadDesiredState, loadWith } from '../../src/config/index.js';
import { fileValidator } from '../../src/config/schema.js';

// The proxy's time zone is configuration: `proxy: { timezone: … }` in the desired-state files,
// read by both readers alike, refused with FILE:LINE:COL when it is no zone or said twice.

const dir = mkdtempSync(join(tmpdir(), 'dsipform-proxy-zone-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const ROUTES = 'outbound_routes:\n  - name: Office\n    prefix: "1312"\n    gwgroupid: "3"\n';

describe('proxy.timezone in the files', () => {
  it('is read into the desired state, placed at the proxy key, by the fast reader and the YAML parser alike', async () => {
    const path = file('chicago.yaml', `version: 1\nproxy:\n  timezone: America/Chicago\n${ROUTES}`);
    const fast = await loadWith([path], { env: {} }, 'fast');
    const yaml = await loadWith([path], { env: {} }, 'yaml');
    expect(fast.ok && fast.desired.proxy).toEqual({ timezone: 'America/Chicago', origin: { file: path, line: 2, col: 1 } });
    expect(yaml).toEqual(fast);
    // A plain file with a proxy block stays on the fast path (no syntax tree is built for it).
    const text = `version: 1\nproxy: { timezone: "Europe/London" }\n${ROUTES}`;
    expect(checkFile('case.yaml', text, {}, await fileValidator(), 'fast').via).toBe('fast');
  });

  it('takes a ${NAME} variable, and a file without it has no proxy settings', async () => {
    const withVar = file('var.yaml', 'version: 1\nproxy:\n  timezone: ${PROXY_TZ}\n');
    const r = await loadDesiredState([withVar], { env: { PROXY_TZ: 'Asia/Tokyo' } });
    expect(r.ok && r.desired.proxy?.timezone).toBe('Asia/Tokyo');
    const plain = await loadDesiredState([file('none.yaml', `version: 1\n${ROUTES}`)], { env: {} });
    expect(plain.ok && 'proxy' in plain.desired).toBe(false);
  });

  it.each([
    [
      'a zone this machine does not know',
      'proxy:\n  timezone: America/Chicagoo\n',
      '3:13: proxy.timezone "America/Chicagoo" is not a time zone',
    ],
    ['a UTC offset, which is no zone name', 'proxy:\n  timezone: "+05:00"\n', '3:13: proxy.timezone "+05:00" is not a time zone'],
    ['a number (kept as its text)', 'proxy:\n  timezone: 5\n', '3:13: proxy.timezone "5" is not a time zone'],
    ['an empty name', 'proxy:\n  timezone: ""\n', '3:13: proxy.timezone'],
    ['a key the proxy block does not have', 'proxy:\n  zone: UTC\n', '3:3: proxy has an unknown key "zone"'],
  ])('refuses %s at FILE:LINE:COL, with a hint', async (_, body, where) => {
    const path = file(`bad-${body.length}.yaml`, `version: 1\n${body}`);
    for (const reader of ['fast', 'yaml'] as const) {
      const r = await loadWith([path], { env: {} }, reader);
      expect(r.ok).toBe(false);
      const shown = r.ok ? [] : r.issues.map(formatIssue);
      expect(shown, reader).toHaveLength(1);
      expect(shown[0]).toContain(`${path}:${where}`);
      expect(shown[0]).toMatch(/\n {2}hint: \S/);
    }
  });

  it('names the IANA form in the hint of an unknown zone, and the variable an unknown zone came from', async () => {
    const path = file('var-bad.yaml', 'version: 1\nproxy:\n  timezone: ${PROXY_TZ}\n');
    const r = await loadDesiredState([path], { env: { PROXY_TZ: 'Chicago' } });
    const shown = r.ok ? '' : r.issues.map(formatIssue).join('\n');
    expect(shown).toContain(`${path}:3:13: proxy.timezone "Chicago" (from \${PROXY_TZ}) is not a time zone this machine knows`);
    expect(shown).toContain('hint: write an IANA zone name, the zone of the proxy host: America/Chicago');
  });

  it('is refused when two files both set it (even alike), naming both places', async () => {
    const sub = mkdtempSync(join(dir, 'two-'));
    writeFileSync(join(sub, 'a.yaml'), `version: 1\nproxy:\n  timezone: America/Chicago\n${ROUTES}`);
    writeFileSync(join(sub, 'b.yaml'), 'version: 1\n# the same zone, said again\nproxy: { timezone: America/Chicago }\n');
    const r = await loadDesiredState([sub], { env: {} });
    expect(r.ok).toBe(false);
    const shown = r.ok ? [] : r.issues.map(formatIssue);
    expect(shown).toEqual([
      `${join(sub, 'b.yaml')}:3:20: proxy.timezone is declared twice: also at ${join(sub, 'a.yaml')}:3:13\n` +
        '  hint: keep one proxy.timezone, in one file (the platform has one proxy zone)',
    ]);
  });

  it('may be set in one file while another holds the policy', async () => {
    const sub = mkdtempSync(join(dir, 'split-'));
    writeFileSync(join(sub, 'a.yaml'), `version: 1\nproxy:\n  timezone: Europe/London\n`);
    writeFileSync(join(sub, 'b.yaml'), `version: 1\npolicy: { max_deletes: 2 }\n${ROUTES}`);
    const r = await loadDesiredState([sub], { env: {} });
    expect(r.ok && [r.desired.proxy?.timezone, r.desired.policy.max_deletes]).toEqual(['Europe/London', { count: 2 }]);
  });
});
