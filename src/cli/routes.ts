import { DsipformError } from '../model/errors.js';
import type { Direction } from '../model/routing.js';
import { onlyDirection, routesOf } from '../pipeline/routes.js';
import type { RoutesReport } from '../render/routes-report.js';
import { loadOrFail } from './desired.js';
import type { CliIo } from './io.js';
import { checkFormat } from './options.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { proxyClock, readClockFlags, type ClockFlags } from './proxy-clock.js';
import { clockTime } from '../pipeline/clock.js';
import { filesAgainstLive, filesSide, liveSide, type RulesSide } from './routes-sides.js';

/** `dsipform routes` flags. */
export interface RoutesFlags extends PlatformFlags, ClockFlags {
  live?: boolean;
  direction?: string;
  format: string;
  diff?: boolean;
  /** `--base PATH`, repeatable: the "before" side of `--diff`. */
  base?: string[];
  cdktf?: string;
  detailedExitcode?: boolean;
}

/** The formats `routes` writes. */
const ROUTES_FORMATS = ['text', 'markdown', 'json', 'html'] as const;

function directionOf(flags: RoutesFlags): Direction | undefined {
  if (flags.direction === undefined || flags.direction === 'inbound' || flags.direction === 'outbound') return flags.direction;
  throw new DsipformError(
    'ROUTE_BAD_DIRECTION',
    `--direction "${flags.direction}" is not inbound or outbound`,
    'Leave --direction out for both, or give --direction inbound (calls from carriers) or --direction outbound (calls from PBXs and endpoints).',
  );
}

function refuse(message: string, hint: string): never {
  throw new DsipformError('CLI_BAD_OPTION', message, hint);
}

/** The flag combinations that mean nothing, refused before anything is read. */
function checkFlags(paths: readonly string[], flags: RoutesFlags): void {
  const base = flags.base ?? [];
  if (!flags.diff) {
    if (base.length > 0)
      refuse('--base is the "before" side of --diff', 'Add --diff to compare: dsipform routes --diff --base old/ config/.');
    if (flags.detailedExitcode) refuse('--detailed-exitcode is for --diff', 'Add --diff: it exits 2 when a call changes its route.');
  }
  const fromFiles = paths.length > 0 || flags.cdktf !== undefined;
  if (paths.length > 0 && flags.cdktf !== undefined) {
    refuse(
      'give either desired-state files or --cdktf, not both',
      'A synthesized stack is the whole desired state: dsipform routes --cdktf cdktf.out/stacks/<name>',
    );
  }
  // The "after" side (the table's only one) is the platform with --live, except in a diff against
  // the platform, where --live only repeats what --diff without --base already compares with.
  const afterIsLive = flags.live === true && (!flags.diff || base.length > 0);
  if (afterIsLive && fromFiles) {
    refuse(
      flags.diff
        ? '--live and desired-state files would both be the "after" side of --diff --base'
        : "--live reads the platform's rules, so it takes no desired-state files",
      flags.diff
        ? 'Keep one: the files (dsipform routes --diff --base old/ config/), or --live (dsipform routes --diff --base old/ --live).'
        : 'Drop the paths to read the platform (dsipform routes --live), or drop --live to read the files.',
    );
  }
  if (!afterIsLive && !fromFiles) {
    throw new DsipformError(
      'CLI_NO_PATHS',
      'no desired-state files given',
      flags.diff
        ? 'Name the files to compare, e.g. dsipform routes --diff config/ (against the platform) or --diff --base old/ config/.'
        : 'Name the files or directories to read, e.g. dsipform routes config/, or read the platform with dsipform routes --live.',
    );
  }
  const talks = flags.live || (flags.diff && base.length === 0);
  if (!talks && (flags.url !== undefined || flags.emulator)) {
    refuse(
      `${flags.emulator ? '--emulator' : '--url'} is only used when the platform is read`,
      'Add --live to read the live rules, or use --diff without --base to compare the files with the platform.',
    );
  }
}

/** The sides of the report, read as the flags say: one for the table, two (before, after) for `--diff`. */
async function readSides(paths: string[], flags: RoutesFlags, io: CliIo): Promise<RulesSide[]> {
  const base = flags.base ?? [];
  if (!flags.diff) {
    if (flags.live) {
      return withPlatform(flags, io, async (client, target) => [await liveSide(client, target)]);
    }
    return [filesSide('files', await loadOrFail(paths, io, flags.cdktf, 'route'), paths, flags.cdktf)];
  }
  if (base.length > 0) {
    const before = filesSide('base', await loadOrFail(base, io, undefined, 'route'), base);
    if (flags.live) {
      const live = await withPlatform(flags, io, (client, target) => liveSide(client, target));
      return [before, live];
    }
    return [before, filesSide('files', await loadOrFail(paths, io, flags.cdktf, 'route'), paths, flags.cdktf)];
  }
  const desired = await loadOrFail(paths, io, flags.cdktf, 'route');
  const { before, after } = await withPlatform(flags, io, (client, target) =>
    filesAgainstLive(client, target, desired, paths, flags.cdktf, io),
  );
  return [before, after];
}

/**
 * `dsipform routes [PATHS]`: the whole routing table as classes of calls, each with the times it is
 * decided alike and where it goes, from the files or (`--live`) the platform; with `--diff`, the
 * classes whose route differs between two states (the platform and the files by default, or
 * `--base PATH...` and the files, or `--base` and `--live`). Exit 0 when it answered; with `--diff
 * --detailed-exitcode`, 2 when a call changes its route; 1 on errors.
 */
export async function runRoutes(
  paths: string[],
  flags: RoutesFlags,
  io: CliIo,
  /** The two sides when the caller reads them (two targets' platforms, ./routes-sides.ts). */
  given?: () => Promise<RulesSide[]>,
): Promise<number> {
  const format = checkFormat(flags.format, ROUTES_FORMATS);
  const direction = directionOf(flags);
  const reading = readClockFlags(flags);
  if (!given) checkFlags(paths, flags);
  const sides = given ? await given() : await readSides(paths, flags, io);
  // The start of the time examined: --at (default now) in the proxy's zone: --tz, the target's, else
  // what the sides declare (the "after" side's first), else the machine's.
  const declared = [...sides].reverse().find((s) => s.zone !== undefined)?.zone;
  const start = clockTime(proxyClock(reading, declared !== undefined ? { proxy: { timezone: declared } } : undefined, io), io.now());
  const shown = direction ?? onlyDirection(sides);
  // The pipeline decides the classes (pipeline/routes.ts); cli names the sides and renders.
  const result = routesOf(sides, start, shown);
  const report: RoutesReport = {
    mode: sides.length === 1 ? 'table' : 'diff',
    sides: sides.map((s) => s.side),
    ...(shown ? { direction: shown } : {}),
    horizon: result.horizon,
    spans: result.spans,
  };
  // JSON in pieces: a table of many classes is never one string (render/json-chunks.ts).
  if (format === 'json') for (const piece of (await import('../render/routes-json.js')).routesJsonChunks(report)) io.stdout.write(piece);
  else io.stdout.write(await render(report, format));
  return flags.diff && flags.detailedExitcode && result.spans.length > 0 ? 2 : 0;
}

/** The report in the asked format; each renderer is loaded only when asked for. */
async function render(report: RoutesReport, format: Exclude<(typeof ROUTES_FORMATS)[number], 'json'>): Promise<string> {
  switch (format) {
    case 'markdown':
      return (await import('../render/routes-markdown.js')).renderRoutesMarkdown(report);
    case 'html':
      return (await import('../render/html/routes-html.js')).renderRoutesHtml(report, pageTitle(report));
    case 'text':
      return (await import('../render/routes-text.js')).renderRoutesText(report);
  }
}

/** The page's title: `Routing table of files`, `Routing difference: live → files`. */
function pageTitle(report: RoutesReport): string {
  const names = report.sides.map((s) => s.name);
  return report.mode === 'table' ? `Routing table of ${names[0] ?? ''}` : `Routing difference: ${names.join(' → ')}`;
}
