import type { InboundMapping } from '../../inbound-mapping.js';
import type { NumberRecord } from '../../number.js';
import type { Change, MappingFields } from '../../plan.js';
import { numberIdentity } from './fields.js';

/**
 * What the platform does by itself when a change is applied (the Numbers module of release 0.79,
 * docs/platform-profiles.md): one thing, as data, with its words for the plan's reader.
 * - `empty`: a number written while `available` wipes the servers of its DID's inbound mapping and
 *   renames it to the DID (`ruleid`, `was` and `name` are the mapping's before);
 * - `create_empty`: the same when the DID has no mapping: the platform creates one with no servers;
 * - `status`: a mapping written with servers marks its DID's number `assigned`; a mapping deleted
 *   marks it `available`.
 */
export type PlatformEffect =
  | {
      readonly on: 'inbound_mapping';
      readonly does: 'empty';
      /** The mapping's DID afterwards: the number's without its leading `+`s. */
      readonly did: string;
      readonly ruleid: number;
      /** The mapping's DID before, when the platform renames it (a `+` dropped). */
      readonly was?: string;
      /** The mapping's name before (its notes), when it had one. */
      readonly name?: string;
      /** The number whose write does it, as the change names it. */
      readonly number: string;
      readonly words: string;
    }
  | { readonly on: 'inbound_mapping'; readonly does: 'create_empty'; readonly did: string; readonly number: string; readonly words: string }
  | {
      readonly on: 'did_number';
      readonly does: 'status';
      /** The number's DID as the platform holds it. */
      readonly did: string;
      readonly status: 'assigned' | 'available';
      readonly words: string;
    };

/** What the effects are worked out from: the platform's numbers and inbound mappings, each when it was read. */
export interface EffectsLive {
  readonly numbers?: readonly NumberRecord[];
  readonly inbound_mappings?: readonly InboundMapping[];
}

/** A number as the walk knows it: its DID as held and its status. */
interface HeldNumber {
  readonly did: string;
  readonly status: string | null;
}

/** A mapping as the walk knows it, by its DID's identity. */
interface HeldMapping {
  readonly ruleid?: number;
  readonly did: string;
  readonly name: string;
  readonly routes: boolean;
  /** The number of this plan whose write made the platform create this mapping (it has no ruleid yet). */
  readonly madeBy?: string;
}

/** The platform's numbers and mappings, by DID identity, as the walk through the changes leaves them. */
export interface HeldState {
  /** `undefined` when the numbers were not read: no number effect can be known. */
  readonly numbers: Map<string, HeldNumber> | undefined;
  readonly mappings: Map<string, HeldMapping>;
}

const ACTION_WORDS: Readonly<Record<string, string>> = { create: 'created', update: 'updated', replace: 'replaced', delete: 'deleted' };

/**
 * Each change with what the platform also does when it is applied (`effects`, absent when
 * nothing), in the order given (the plan's apply order: each effect is worked out on the platform
 * as the changes before it leave it). One model of the Numbers module's side effects, used by the
 * plan's words, the rules after the plan and the apply's read-back. Pure.
 */
export function withPlatformEffects(changes: readonly Change[], live: EffectsLive): { changes: Change[]; held: HeldState } {
  const held = heldState(live);
  const out = changes.map((c): Change => {
    const found = effectsOf(c, held);
    const effects = Array.isArray(found) ? found : found.effects;
    const made = Array.isArray(found) || c.kind !== 'inbound_mapping' || c.action !== 'create' ? {} : takeoverOf(found.takeover);
    return effects.length === 0 && !('made_by_number' in made) ? c : { ...c, ...made, ...(effects.length > 0 ? { effects } : {}) };
  });
  return { changes: out, held };
}

/**
 * A mapping create whose DID's mapping the platform creates first (empty), when `number` is written
 * available before it: apply replaces that row, found by its DID (the platform refuses a second).
 */
function takeoverOf(number: string): { made_by_number: string; reason: string } {
  return {
    made_by_number: number,
    reason: `the platform creates this DID's mapping, with no servers, when number ${number} is written before it: apply replaces that row, found by its DID`,
  };
}

/** The walk's starting point: the first mapping (by ruleid) and first number (by id) of each DID identity, as the platform finds them. */
function heldState(live: EffectsLive): HeldState {
  const mappings = new Map<string, HeldMapping>();
  const byRuleid = [...(live.inbound_mappings ?? [])].sort((a, b) => a.ruleid - b.ruleid);
  for (const m of byRuleid) {
    const bare = numberIdentity(m.did);
    if (bare !== '' && !mappings.has(bare)) mappings.set(bare, { ruleid: m.ruleid, did: m.did, name: m.notes, routes: routes(m.servers) });
  }
  if (!live.numbers) return { numbers: undefined, mappings };
  const numbers = new Map<string, HeldNumber>();
  for (const n of [...live.numbers].sort((a, b) => a.id - b.id)) {
    const bare = numberIdentity(n.did);
    if (!numbers.has(bare)) numbers.set(bare, { did: n.did, status: n.status });
  }
  return { numbers, mappings };
}

/** Whether a mapping's servers route anywhere (the platform joins them; `""` is none). */
function routes(servers: readonly string[]): boolean {
  return servers.join(',') !== '';
}

/** Whether a mapping's fields route: servers, or a group this plan creates (its id known after apply). */
function fieldsRoute(after: MappingFields): boolean {
  return routes(after.servers) || after.group !== undefined;
}

/** A change's effects, and for a mapping create whose DID's row the platform made for a number of this plan, that number. */
function effectsOf(c: Change, held: HeldState): PlatformEffect[] | { effects: PlatformEffect[]; takeover: string } {
  if (c.kind === 'did_number') {
    if (c.action === 'delete') {
      held.numbers?.delete(numberIdentity(c.before.did));
      return [];
    }
    const had = c.action === 'update' ? held.numbers?.get(numberIdentity(c.before.did)) : undefined;
    if (c.action === 'update') held.numbers?.delete(numberIdentity(c.before.did));
    // An update sends only its fields: a status it leaves out stays as the platform holds it then.
    const status = c.action === 'update' && !c.fields.includes('status') ? (had?.status ?? c.before.status) : c.after.status;
    held.numbers?.set(numberIdentity(c.after.did), { did: c.after.did, status });
    // The platform rewrites the mapping whenever the number is available after the write.
    if (status !== 'available') return [];
    const bare = numberIdentity(c.after.did);
    const how =
      c.action === 'update' && !c.fields.includes('status') ? `number ${c.key} updated while available` : `number ${c.key} → available`;
    return [emptyMapping(bare, c.key, how, held)];
  }
  if (c.kind !== 'inbound_mapping') return [];
  const effects: PlatformEffect[] = [];
  let takeover: string | undefined;
  const what = `mapping ${c.key} ${ACTION_WORDS[c.action] ?? c.action}`;
  if (c.action === 'delete' || c.action === 'replace') {
    const bare = numberIdentity(c.before.did);
    held.mappings.delete(bare);
    const gone = c.action === 'delete' || numberIdentity(c.after.did) !== bare;
    if (gone) effects.push(...markNumber(bare, 'available', what, c.key, held));
  }
  if (c.action !== 'delete') {
    const bare = numberIdentity(c.after.did);
    const ruleid = c.action === 'create' ? undefined : c.ruleid;
    const madeBy = c.action === 'create' ? held.mappings.get(bare)?.madeBy : undefined;
    if (madeBy !== undefined) takeover = madeBy;
    held.mappings.set(bare, {
      ...(ruleid !== undefined ? { ruleid } : {}),
      did: c.after.did,
      name: c.after.notes,
      routes: fieldsRoute(c.after),
    });
    effects.push(...markNumber(bare, fieldsRoute(c.after) ? 'assigned' : 'available', what, c.key, held));
  }
  return takeover === undefined ? effects : { effects, takeover };
}

/** The mapping effect of a number written while available, and the mapping as it leaves it. */
function emptyMapping(bare: string, number: string, how: string, held: HeldState): PlatformEffect {
  const had = held.mappings.get(bare);
  const madeBy = had ? had.madeBy : number;
  held.mappings.set(bare, {
    ...(had?.ruleid !== undefined ? { ruleid: had.ruleid } : {}),
    did: bare,
    name: bare,
    routes: false,
    ...(had?.ruleid === undefined && madeBy !== undefined ? { madeBy } : {}),
  });
  if (!had)
    return {
      on: 'inbound_mapping',
      does: 'create_empty',
      did: bare,
      number,
      words: `${how}: the platform creates inbound mapping ${bare} with no servers`,
    };
  const named = had.name !== '' ? ` (${had.name})` : '';
  const renamed = had.did !== bare ? `, renamed ${bare}` : '';
  const words = `${how}: the platform empties its inbound mapping ${had.did}${named}${renamed}${had.routes ? `, so calls to ${bare} stop routing` : ''}`;
  if (had.ruleid === undefined) return { on: 'inbound_mapping', does: 'create_empty', did: bare, number, words };
  return {
    on: 'inbound_mapping',
    does: 'empty',
    did: bare,
    ruleid: had.ruleid,
    ...(had.did !== bare ? { was: had.did } : {}),
    ...(had.name !== '' ? { name: had.name } : {}),
    number,
    words,
  };
}

/** The number effect of a mapping write: its DID's number gets `status`, when it has a number whose status that changes. */
function markNumber(bare: string, status: 'assigned' | 'available', what: string, key: string, held: HeldState): PlatformEffect[] {
  const number = held.numbers?.get(bare);
  if (!number || number.status === status) return [];
  held.numbers!.set(bare, { ...number, status });
  // Named when its DID is not the mapping's as written (a `+` the mapping leaves out).
  const which = number.did === key ? '' : ` ${number.did}`;
  return [{ on: 'did_number', does: 'status', did: number.did, status, words: `${what}: the platform marks its number${which} ${status}` }];
}

/** Whether a change of the plan makes the platform write an inbound mapping by itself. */
export function emptiesMappings(changes: readonly Change[]): boolean {
  return changes.some((c) => c.effects?.some((e) => e.on === 'inbound_mapping'));
}

/**
 * The live mappings the platform empties by itself, by their DID before (a rule's key in the
 * routing impact), each with the number whose write does it: what an unrouting refusal names.
 */
export function emptiedBy(changes: readonly Change[]): Map<string, string> {
  const by = new Map<string, string>();
  for (const c of changes)
    for (const e of c.effects ?? []) if (e.on === 'inbound_mapping' && e.does === 'empty') by.set(e.was ?? e.did, e.number);
  return by;
}

/** The mappings the platform empties by itself, by their DID afterwards, each with the number whose write does it. */
export function emptiedAfter(changes: readonly Change[]): Map<string, string> {
  const by = new Map<string, string>();
  for (const c of changes) for (const e of c.effects ?? []) if (e.on === 'inbound_mapping') by.set(e.did, e.number);
  return by;
}
