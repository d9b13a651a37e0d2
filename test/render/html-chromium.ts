/**
 * Debian's Chromium, headless, for the tests of the HTML pages: found on PATH, run as a plain child
 * process (no browser download), with its own profile directory, no network (every host name
 * resolves to nothing) and a time limit. And a small PNG reader, to tell a screenshot from a blank one.
 */
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { runProcess } from '../helpers/process.js';

/** The one command that installs what these tests need, on Debian. */
export const CHROMIUM_INSTALL = 'apt-get install -y chromium';

/** The Chromium binary on PATH (Debian's `chromium`, or `chromium-browser`), or null. */
export function findChromium(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {
        // not here
      }
    }
  }
  return null;
}

/**
 * Whether the browser tests run: with Chromium, yes; without it they skip with one line saying how
 * to install it, except under CI (`CI=true`), where its absence fails the run (CI installs it).
 */
export function chromiumPlan(): { run: true; chromium: string } | { run: false; reason: string } {
  const chromium = findChromium();
  if (chromium) return { run: true, chromium };
  if (process.env.CI === 'true')
    throw new Error(`the HTML browser tests cannot run under CI=true: chromium not installed (${CHROMIUM_INSTALL})`);
  return { run: false, reason: `HTML browser tests skipped: chromium not installed (install with: ${CHROMIUM_INSTALL})` };
}

async function headless(chromium: string, file: string, args: readonly string[]): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'dsipform-chromium-'));
  try {
    const r = await runProcess('timeout', [
      '120',
      chromium,
      '--headless',
      '--disable-gpu',
      '--no-sandbox',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      // Nothing the page could name is reachable: every host name resolves to nothing.
      '--host-resolver-rules=MAP * ~NOTFOUND',
      `--user-data-dir=${profile}`,
      ...args,
      pathToFileURL(file).href,
    ]);
    if (r.code !== 0) throw new Error(`chromium exited with ${r.code}: ${r.stderr.slice(-2000)}`);
    return r.stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The page's DOM after Chromium parsed it and ran whatever scripts it could, serialized. Scripts
 * stay on: `--dump-dom` itself needs them, and a page that reads only without them would be no test.
 */
export function dumpDom(chromium: string, file: string): Promise<string> {
  return headless(chromium, file, ['--dump-dom']);
}

/** A screenshot of the page, `width`×`height` CSS pixels, written to `png`. */
export async function screenshot(chromium: string, file: string, png: string, width: number, height: number): Promise<void> {
  await headless(chromium, file, [`--screenshot=${png}`, `--window-size=${width},${height}`, '--hide-scrollbars']);
}

/** A decoded PNG: its size and one RGB triple per pixel. */
export interface Picture {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;
}

/** Reads an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes); throws on anything else. */
export function readPng(path: string): Picture {
  const data = readFileSync(path);
  if (!data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error(`${path} is not a PNG`);
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error(`unexpected PNG form in ${path}`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const corner = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      pixels[y * stride + x] = (line[x]! + predict(filter ?? 0, left, up, corner)) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, rgb };
}

// The PNG filters: none, sub, up, average, Paeth.
function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4: {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`);
  }
}
