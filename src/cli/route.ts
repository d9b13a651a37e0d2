import { DsipformError } from '../model/errors.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import { routeOnFiles, routeOnPlatform } from '../pipeline/route-call.js';
import { renderRouteText } from '../render/route-text.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { proxyClock, readClockFlags, type ClockFlags } from './proxy-clock.js';
import { clockTime, type ClockReading } from '../pipeline/clock.js';

/** `dsipform route` flags. */
export interface RouteFlags extends PlatformFlags, ClockFlags {
  direction?: string;
  to?: string;
  from?: string;
  live?: boolean;
  cdktf?: string;
  format: string;
}

/** The call the flags describe, its time read without a zone, or a coded error saying which flag is wrong. */
function callOf(flags: RouteFlags): { direction: Direction; to: string; from: string; reading: ClockReading } {
  if (flags.direction !== 'inbound' && flags.direction !== 'outbound') {
    throw new DsipformError(
      'ROUTE_BAD_DIRECTION',
      flags.direction === undefined ? '--direction is required' : `--direction "${flags.direction}" is not inbound or outbound`,
      'The proxy decides by the source of the call: --direction inbound (from a carrier) or --direction outbound (from a PBX or endpoint).',
    );
  }
  if (flags.to === undefined || flags.to === '') {
    throw new DsipformError(
      'ROUTE_NO_NUMBER',
      '--to is required: the called number',
      'Add the number the call is to, e.g. --to 442071234567.',
    );
  }
  return { direction: flags.direction, to: flags.to, from: flags.from ?? '', reading: readClockFlags(flags) };
}

/**
 * `dsipform route [PATHS...] --direction D --to N`: where the proxy sends one call, from the files
 * (no network) or with `--live` from the platform's rules. Exit 0 whenever it answered (routed, no
 * route or ambiguous), 1 on errors.
 */
export async function runRoute(paths: string[], flags: RouteFlags, io: CliIo): Promise<number> {
  if (flags.format !== 'text' && flags.format !== 'json') {
    throw new DsipformError('CLI_BAD_FORMAT', `--format "${flags.format}" is not known`, 'Use one of: text, json.');
  }
  const format = flags.format;
  const { reading, ...call } = callOf(flags);
  let decision: RouteDecision;
  if (flags.live) {
    if (paths.length > 0 || flags.cdktf !== undefined) {
      throw new DsipformError(
        'CLI_BAD_OPTION',
        "--live routes on the platform's rules, so it takes no desired-state files",
        'Drop the paths to ask the platform (dsipform route --live …), or drop --live to ask the files.',
      );
    }
    // No files: the zone is --tz, else the machine's. Read before the platform is.
    const at = clockTime(proxyClock(reading, undefined, io), io.now());
    // Live, the gateways of the decision are named too: their groups are read (one request each).
    decision = await withPlatform(flags, io, (client) => routeOnPlatform(client, { ...call, at }));
  } else {
    const desired = await loadOrFail(paths, io, flags.cdktf, 'route');
    // --tz, else the files' proxy.timezone, else the machine's; --at read in it.
    const at = clockTime(proxyClock(reading, desired, io), io.now());
    decision = routeOnFiles(desired, { ...call, at });
  }
  if (format === 'json') writeLine(io.stdout, JSON.stringify(decision, null, 2));
  else io.stdout.write(renderRouteText(decision));
  return 0;
}
