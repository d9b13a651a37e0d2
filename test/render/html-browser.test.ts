/**
 * `plan --format html` opened in a real browser: the built CLI as a process plans against the
 * emulator as a process, the page it prints is loaded by Debian's Chromium, headless and without a
 * network, and a screenshot of it is taken and read back. The page holds no script and its policy
 * forbids them, so what Chromium builds is what a reader without JavaScript sees; a `<script>` in a
 * route name must stay text there.
 *
 * Without Chromium the file skips with one line saying how to install it; under CI=true it fails.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { chromiumPlan, dumpDom, readPng, screenshot } from './html-chromium.js';

const browser = chromiumPlan();
if (!browser.run) console.warn(browser.reason);

const TOKEN = 'html-browser-token-0123456789';
const env = { DSIP_TOKEN: TOKEN, TZ: 'UTC' };
const dir = mkdtempSync(join(tmpdir(), 'dsipform-html-'));
const file = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

const SCRIPT = `<script>document.title='pwned'</script>`;
const BASE = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["16", "17"]
  - did: "1555123"
    servers: ["#8"]
    notes: Office extensions
  - did: ""
    servers: ["#9"]
outbound_routes:
  - name: Default route
    prefix: ""
    gwgroupid: "2"
  - name: US and Canada
    prefix: "1"
    gwgroupid: "3"
  - name: US toll free
    prefix: "1800"
    gwgroupid: "4"
`;
// Toll free moves to carrier group 5, the extensions' mapping goes, an evening route comes whose name holds a script.
const CHANGED = `${BASE.replace('gwgroupid: "4"', 'gwgroupid: "5"').replace(/ {2}- did: "1555123"\n.*\n.*\n/, '')}  - name: "US evenings ${SCRIPT}"
    prefix: "1"
    gwgroupid: "9"
    priority: 10
    timerec: "20260101T180000|6H|weekly|||MO,TU,WE,TH,FR"
`;

describe.skipIf(!browser.run)('plan and routes --format html in headless Chromium', () => {
  const chromium = browser.run ? browser.chromium : '';
  let emulator: EmulatorProcess;
  let page: string;
  let saved: { checksum: string; changes: { key: string }[] };
  let dom: string;
  const cli = (...args: string[]) => runCli([...args, '--url', emulator.url], env);

  beforeAll(async () => {
    emulator = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
    const applied = await cli('apply', file('base.yaml', BASE), '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    const planned = await cli('plan', file('changed.yaml', CHANGED), '--format', 'html', '--out', join(dir, 'plan.json'));
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain(`Saved the plan to ${join(dir, 'plan.json')}`);
    page = file('plan.html', planned.stdout);
    saved = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    dom = await dumpDom(chromium, page);
  }, 120_000);
  afterAll(async () => {
    await emulator?.stop();
  });

  it('shows the facts of the saved plan, the route names, before → after, the impact rows', () => {
    expect(dom).toContain('<title>dsipform plan</title>');
    expect(dom).toContain(saved.checksum);
    expect(dom).toContain('Plan: 1 to create, 1 to update, 1 to delete.');
    for (const key of saved.changes.map((c) => c.key))
      expect(dom).toContain(key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(dom).toMatch(
      /<th>gwgroupid<\/th>\s*<td class="mono old">"4" \(carrier group "Voxbone CarrierGroup"\)<\/td>\s*<td class="mono new">"5" \(carrier group "VoIP Innovations Inbound CarrierGroup"\)<\/td>/,
    );
    // Toll free calls, always; the evening class only on weekday evenings, which a plan made at any hour shows.
    expect(dom).toMatch(
      /<td class="calls">calls to 1800…<br><span class="muted mono">e\.g\. 1800\d*<\/span><\/td>\s*<td>always<\/td>\s*<td>carrier group "Voxbone CarrierGroup" \(#4\) \(route "US toll free"\)<\/td>\s*<td class="after">carrier group "VoIP Innovations Inbound CarrierGroup" \(#5\) \(route "US toll free"\)<\/td>/,
    );
    expect(dom).toMatch(
      /<td class="calls">calls to 1… except 1800…<br>[^\n]*<\/td>\s*<td>Mon–Fri 18:00–24:00 UTC<\/td>\s*<td>carrier group "[^"<]+" \(#3\) \(route "US and Canada"\)<\/td>\s*<td class="after">carrier group "Les.net CarrierGroup" \(#9\) \(route "US evenings &lt;script&gt;/,
    );
    expect(dom).toMatch(/<td class="calls">calls to 1555123…[\s\S]*?\(mapping "1555123"\)[\s\S]*?\(default mapping\)/);
  });

  it('keeps a <script> in a route name as text', () => {
    expect(dom).toContain('<title>dsipform plan</title>');
    expect(dom).not.toMatch(/<script/i);
    expect(dom).toContain(`US evenings &lt;script&gt;document.title='pwned'&lt;/script&gt;`);
  });

  it('routes --diff --format html: the calls whose route differs, by time window, every name text', async () => {
    const diff = await cli('routes', join(dir, 'changed.yaml'), '--diff', '--format', 'html');
    expect(diff.code, diff.stderr).toBe(0);
    const routes = await dumpDom(chromium, file('routes.html', diff.stdout));
    expect(routes).not.toMatch(/<script/i);
    expect(routes).toMatch(
      /<td>Mon–Fri 18:00–24:00 UTC<\/td>\s*<td>[^<]*\(route "US and Canada"\)<\/td>\s*<td class="after">[^<]*US evenings &lt;script&gt;/,
    );
    expect(routes).toMatch(/calls to 1800…[\s\S]*?\(route "US toll free"\)/);
  }, 120_000);

  it('takes a screenshot that is not blank', async () => {
    const png = join(dir, 'plan.png');
    await screenshot(chromium, page, png, 1000, 1400);
    const picture = readPng(png);
    expect([picture.width, picture.height]).toEqual([1000, 1400]);
    let inked = 0;
    const colours = new Set<number>();
    for (let i = 0; i < picture.rgb.length; i += 3) {
      const [r, g, b] = [picture.rgb[i]!, picture.rgb[i + 1]!, picture.rgb[i + 2]!];
      if (r + g + b < 600) inked++;
      colours.add((r << 16) | (g << 8) | b);
    }
    expect(inked / (picture.width * picture.height)).toBeGreaterThan(0.01);
    expect(colours.size).toBeGreaterThan(50);
  }, 120_000);
});
