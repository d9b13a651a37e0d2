/**
 * The platform's value rules (docs/platform-contract.md §5, §6, §8). Each check returns `null` when the
 * value is acceptable, or a short sentence saying what is wrong; callers add the where and the hint.
 * Pure: shared by the emulator (which answers 400 with the sentence) and the config checker.
 */

import { dialProblem } from './dial.js';
import { droppedFor } from './dropped-rule.js';

const SERVER_REF = /^#?[0-9]+$/;

/** A DID: empty (the default mapping) or the proxy's dial characters (model/dial.ts). */
export function didProblem(did: unknown): string | null {
  if (typeof did !== 'string') return 'DID must be a string';
  return dialProblem('DID', did);
}

/** A To- or From-prefix: empty or the proxy's dial characters (model/dial.ts). */
export function prefixProblem(prefix: unknown, field = 'prefix'): string | null {
  if (typeof prefix !== 'string') return `${field} must be a string`;
  return dialProblem(field, prefix);
}

/** Inbound servers: 1 or 2 gateway ids (`"66"`) or carrier-group references (`"#22"`). */
export function serversProblem(servers: unknown): string | null {
  if (!Array.isArray(servers)) return 'servers must be a list of strings';
  if (servers.length < 1 || servers.length > 2) {
    return `servers must hold 1 or 2 entries (primary, then secondary), not ${servers.length}`;
  }
  for (const s of servers) {
    const problem = serverProblem(s);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * One entry of inbound servers (`serversProblem`'s words for it): a gateway id (`"66"`) or a
 * carrier-group reference (`"#22"`). For a normaliser that checks the entries one by one, without
 * a list made around each.
 */
export function serverProblem(server: unknown): string | null {
  if (typeof server === 'string' && SERVER_REF.test(server)) return null;
  return `server ${JSON.stringify(server)} must be a gateway id like "66" or a carrier group like "#22"`;
}

/**
 * A server list the proxy drops at load time though the API takes it: a gateway id mixed with a
 * group reference (`["66", "#22"]`), or two group references (`["#22", "#23"]`). Two gateway ids, or
 * one group alone, are fine. Checked after `serversProblem` (each entry already a gateway id or a
 * group reference). The decision and its words are `droppedFor`'s (model/dropped-rule.ts). The
 * emulator does not apply it: the platform's API accepts these lists. `show` spells each entry (a
 * front end hides or labels values that came from the environment).
 */
export function serverListProblem(
  servers: readonly string[],
  show: (server: string, index: number) => string = (s) => JSON.stringify(s),
): string | null {
  if (servers.length === 0) return null; // serversProblem's: 1 or 2 entries
  if (isSoundServerList(servers)) return null;
  // Spelt only when a reason quotes the list: most lists are sound.
  const words = {
    list: 'servers' as const,
    get shown(): string {
      return `[${servers.map(show).join(', ')}]`;
    },
  };
  const dropped = droppedFor(servers, words);
  if (dropped !== null) return dropped.reason;
  rememberSound(servers);
  return null;
}

/**
 * Whether `serverListProblem` found this list sound before: a big file repeats a few dozen lists
 * across thousands of mappings, and each was judged (and spelt) anew. Looked up entry by entry, so
 * that a list found sound costs no text (and a caller no closure to spell it: ask this first).
 */
export function isSoundServerList(servers: readonly string[]): boolean {
  let node: SoundNode | undefined = SOUND_LISTS;
  for (let i = 0; i < servers.length && node !== undefined; i++) node = node.next?.get(servers[i] as string);
  return node?.sound === true;
}

/** Server lists found sound, as a tree of their entries in order: a node is sound when a list ends there. */
interface SoundNode {
  sound: boolean;
  next: Map<string, SoundNode> | undefined;
}
const SOUND_LISTS: SoundNode = { sound: false, next: undefined };
let soundCount = 0;
const MAX_SOUND_LISTS = 4096;

function rememberSound(servers: readonly string[]): void {
  // Emptied when full, as a cache: a list is judged again after.
  if (soundCount >= MAX_SOUND_LISTS) {
    SOUND_LISTS.next = undefined;
    soundCount = 0;
  }
  let node = SOUND_LISTS;
  for (const server of servers) {
    node.next ??= new Map();
    let child = node.next.get(server);
    if (child === undefined) node.next.set(server, (child = { sound: false, next: undefined }));
    node = child;
  }
  node.sound = true;
  soundCount++;
}

/** A free-text description (inbound notes, route name): no `,`, which breaks the platform's reads. */
export function descriptionProblem(value: unknown, field: string): string | null {
  if (typeof value !== 'string') return `${field} must be a string`;
  if (value.includes(',')) return `${field} may not contain ","`;
  return null;
}

/** A carrier-group id as sent on create: digits, optionally `#`-prefixed, and not `"0"` or empty. */
export function gwgroupidProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'gwgroupid must be a string';
  const bare = bareGwgroupid(value);
  if (bare === '' || /^0+$/.test(bare)) return 'gwgroupid must name a carrier group (not empty or "0")';
  if (!/^[0-9]+$/.test(bare)) return `gwgroupid "${value}" must be a carrier-group id made of digits`;
  return null;
}

/** The platform stores a route's priority in a signed 32-bit column (MySQL `INT`, `dr_rules.priority`). */
export const PRIORITY_MIN = -2_147_483_648;
/** The largest priority the platform can store. */
export const PRIORITY_MAX = 2_147_483_647;

/**
 * A route priority: an integer the platform can store (`PRIORITY_MIN`..`PRIORITY_MAX`). `written` is
 * the number as the user wrote it, shown instead of the value: a number beyond 2^53 (9007199254740993)
 * has already lost digits in JavaScript, but is still far outside the range, so the check sees it.
 */
export function priorityProblem(value: unknown, written?: string): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'priority must be an integer';
  if (value < PRIORITY_MIN || value > PRIORITY_MAX) {
    return `priority ${written ?? String(value)} is outside the platform's range (${PRIORITY_MIN} to ${PRIORITY_MAX})`;
  }
  return null;
}

/** Strips the `#` the platform stores in front of a carrier-group id. */
export function bareGwgroupid(value: string): string {
  return value.startsWith('#') ? value.slice(1) : value;
}

/**
 * A simple, sane check of an email address (not RFC 5322): no spaces or control characters, one
 * `@`, something before it, and a domain after it with a dot and no empty part.
 */
export function emailProblem(email: string): string | null {
  const quoted = JSON.stringify(email);
  if (email === '') return 'email must not be empty';
  if (/[\s\p{Cc}]/u.test(email)) return `address ${quoted} must not contain spaces or control characters`;
  const parts = email.split('@');
  if (parts.length === 1) return `address ${quoted} has no "@"`;
  if (parts.length > 2) return `address ${quoted} has ${parts.length - 1} "@"; an address has exactly one`;
  const [local = '', domain = ''] = parts;
  if (local === '') return `address ${quoted} has nothing before the "@"`;
  if (domain === '') return `address ${quoted} has nothing after the "@"`;
  if (!domain.includes('.')) return `address ${quoted} needs a domain with a dot after the "@", like example.com`;
  if (domain.split('.').includes(''))
    return `address ${quoted} has an empty part in its domain (a dot at its start or end, or two dots together)`;
  return null;
}

const INNER_LABEL = /^(?:[A-Za-z0-9]|[A-Za-z0-9_][A-Za-z0-9_-]*[A-Za-z0-9])$/;
const LAST_LABEL = /^(?:[A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])$/;
const OCTET = /^(?:0|[1-9][0-9]{0,2})$/;

/**
 * The ports the platform's address rule takes (`safeUriToHost` in the 0.79 release): 1-9, two to
 * four digits, and five digits from 10000-59999, 61000-64999, 65100-65499, 65510-65529 and
 * 65531-65535. It refuses the rest (60000-60999 among them), so an endpoint with one is skipped.
 */
function platformTakesPort(port: string): boolean {
  if (/^[1-9]$/.test(port) || /^[0-9]{2,4}$/.test(port)) return true;
  if (!/^[1-6][0-9]{4}$/.test(port)) return false;
  const n = Number(port);
  const ranges: readonly (readonly [number, number])[] = [
    [10000, 59999],
    [61000, 64999],
    [65100, 65499],
    [65510, 65529],
    [65531, 65535],
  ];
  return ranges.some(([lo, hi]) => n >= lo && n <= hi);
}

/**
 * A carrier endpoint's `host` and `port` (split as the platform keeps them, `host:port`), against
 * what the platform takes and what the proxy can use; `shown` is the value as the file wrote it.
 * The platform skips, without saying so, an endpoint whose host it finds malformed (a label with
 * `_` last, a final dot, a label starting or ending with `-`) or whose port its rule refuses. It
 * stores a host whose last label is all digits (`12345`, `1.2.3.256`) as a name, though it is
 * neither an IPv4 address nor a name the proxy can resolve. IPv6 addresses (in brackets) pass.
 */
export function sipHostProblem(host: string, port: string, shown: string): string | null {
  const what = `hostname ${JSON.stringify(shown)}`;
  if (!host.startsWith('[')) {
    if (host.endsWith('.')) return `${what} ends with ".": the platform refuses it and would skip this endpoint; leave the final dot out`;
    const labels = host.split('.');
    const last = labels[labels.length - 1] ?? '';
    if (!labels.slice(0, -1).every((l) => INNER_LABEL.test(l)) || !LAST_LABEL.test(last))
      return `${what} is not a host name the platform takes (labels of letters and digits, with "-" and "_" inside only, and no "_" in the last label): it would skip this endpoint`;
    if (/^[0-9]+$/.test(last) && (labels.length !== 4 || !labels.every((l) => OCTET.test(l) && Number(l) <= 255)))
      return `${what} is neither an IPv4 address (four numbers from 0 to 255) nor a host name (whose last label is not all digits): the platform would store it, but the proxy cannot send calls to it`;
  }
  if (!platformTakesPort(port))
    return `${what}: the platform refuses port ${port} (it takes 1-59999, 61000-64999, 65100-65499, 65510-65529 and 65531-65535) and would skip this endpoint`;
  return null;
}
