#!/usr/bin/env node
// Writes docs/images/plan-html.png, the picture of `dsipform plan --format html` in the docs: the
// built CLI (run `npm run build` first) starts its emulator, applies examples/routing/routes.yaml,
// plans a change of it as a page, and Debian's Chromium (`apt-get install -y chromium`), headless
// and without a network, takes the screenshot. Run it by hand when the page changes:
//   node scripts/html-screenshot.mjs [OUT.png]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'bin', 'dsipform.js');
const OUT = process.argv[2] ?? join(ROOT, 'docs', 'images', 'plan-html.png');
const TOKEN = 'screenshot-token-0123456789';
const env = { PATH: process.env.PATH, NO_COLOR: '1', TZ: 'America/New_York', DSIP_TOKEN: TOKEN };

// The change shown: toll free calls move to another carrier group, the extensions' mapping goes, and
// weekday evenings to the US go to the announcement server's group.
const base = readFileSync(join(ROOT, 'examples', 'routing', 'routes.yaml'), 'utf8');
const changed = `${base
  .replace(/(name: US toll free\n\s+prefix: "1800"\n\s+gwgroupid: )"4"/, '$1"5"')
  .replace(/ {2}- did: "1555123".*\n.*\n.*\n/, '')}  - name: US after hours
    prefix: "1"
    gwgroupid: "10"
    priority: 10
    timerec: "20260101T180000|6H|weekly|||MO,TU,WE,TH,FR"   # 18:00 to 24:00, Monday to Friday
`;

/** Starts the emulator and resolves with its URL and process. */
function startEmulator() {
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^listening on (\S+)$/m.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
}

/** Runs the CLI; its stdout, or the reason it failed. */
function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`dsipform ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return r.stdout;
}

const dir = mkdtempSync(join(tmpdir(), 'dsipform-screenshot-'));
const { child, url } = await startEmulator();
try {
  writeFileSync(join(dir, 'routes.yaml'), base);
  writeFileSync(join(dir, 'changed.yaml'), changed);
  cli(['apply', join(dir, 'routes.yaml'), '--url', url, '--auto-approve']);
  const page = join(dir, 'plan.html');
  writeFileSync(page, cli(['plan', join(dir, 'changed.yaml'), '--url', url, '--format', 'html']));
  const shot = spawnSync(
    'chromium',
    [
      '--headless',
      '--disable-gpu',
      '--no-sandbox',
      '--no-first-run',
      '--hide-scrollbars',
      '--host-resolver-rules=MAP * ~NOTFOUND',
      `--user-data-dir=${join(dir, 'profile')}`,
      `--screenshot=${OUT}`,
      '--window-size=1100,1500',
      pathToFileURL(page).href,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (shot.error || shot.status !== 0)
    throw new Error(`chromium failed (apt-get install -y chromium): ${shot.error?.message ?? shot.stderr}`);
  console.log(`wrote ${OUT}`);
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
