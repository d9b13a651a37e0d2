import type { EmptiedMappingFinding } from '../model/coexistence.js';
import type { DesiredState } from '../model/desired.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { LiveState } from '../model/live.js';
import type { NumberRecord } from '../model/number.js';
import type { Change, MappingFields } from '../model/plan.js';

/** `file:line:col`, or nothing. */
function at(origin: { file: string; line: number; col: number } | undefined): string {
  return origin ? ` (${origin.file}:${origin.line}:${origin.col})` : '';
}

/**
 * Whether a mapping as a plan writes it sends calls somewhere: servers, or a group the files name
 * (`servers: []` while the group is one the same plan creates).
 */
export function sendsCalls(fields: MappingFields): boolean {
  return fields.servers.join('') !== '' || fields.group !== undefined;
}

/**
 * What the Numbers module leaves of a mapping it empties (its `_sync_available_inbound_route`):
 * no servers, and the note (the mapping's name) set to the DID without its leading `+`s.
 */
function looksEmptied(mapping: InboundMapping, bare: string): boolean {
  return mapping.servers.join('') === '' && mapping.notes === bare && numberIdentity(mapping.did) === bare;
}

/**
 * Whether the repair of a mapping holds once the plan is applied, and why, in words: what the
 * platform does to the number on the way (a mapping created with servers marks its number
 * `assigned`; a number written while `available` empties its mapping). Kept here, small, for this
 * finding; the plan's side effects of every change (issue 35 §3) say the same of each change.
 */
function repairWords(
  change: Change,
  number: NumberRecord,
  desired: DesiredState,
  changes: readonly Change[],
): { readonly holds: boolean; readonly words: string; readonly hint: string } {
  const bare = numberIdentity(number.did);
  const declared = desired.numbers?.find((n) => numberIdentity(n.did) === bare);
  const named = `number "${number.did}"`;
  const assignIt = `declare ${named} in numbers: with status: assigned (or reserved), or set it assigned on the Numbers page`;
  if (declared?.status === 'available')
    return {
      holds: false,
      words: `but the files declare the number available${at(declared.origin)}: applying the files writes it available again, and the platform empties the mapping again`,
      hint: `Declare the number with status: assigned (or reserved)${at(declared.origin)}; while a number is available, every write to it empties its mapping.`,
    };
  if (declared)
    return {
      holds: true,
      words: `after writing the number as ${declared.status ?? 'no status'}, so the repair holds`,
      hint: 'Nothing to do: the plan writes the number before the mapping, and the number is not left available.',
    };
  const deleted = changes.some((c) => c.kind === 'did_number' && c.action === 'delete' && numberIdentity(c.key) === bare);
  if (deleted) return { holds: true, words: 'and deletes the number, so the repair holds', hint: 'Nothing to do.' };
  // A mapping created (or replaced: deleted, then created) with servers marks its number assigned.
  if (change.action === 'create' || change.action === 'replace')
    return {
      holds: true,
      words: `by creating the mapping again, which makes the platform mark the number assigned, so the repair holds unless the number is set available again (every write to a number while it is available empties its mapping)`,
      hint: `To keep it so, ${assignIt}.`,
    };
  return {
    holds: false,
    words: `but the number stays available: the next write to it (on the Numbers page, or through its API) empties the mapping again`,
    hint: `${assignIt[0]!.toUpperCase()}${assignIt.slice(1)}, so that the repair holds.`,
  };
}

/**
 * The managed inbound mappings the Numbers module emptied that the plan restores (issue 35 §4):
 * a change that gives a mapping servers where the platform holds, for its DID (with or without a
 * leading `+`), a mapping with no servers named after the DID, and a number of that DID that is
 * `available`. Each names the number, and says whether the repair holds once applied and what to
 * do when it does not. Needs the platform's numbers (read when it has the Numbers module and the
 * files manage inbound mappings); none without them. Pure.
 */
export function emptiedMappings(desired: DesiredState, live: LiveState, changes: readonly Change[]): EmptiedMappingFinding[] {
  const numbers = live.numbers ?? [];
  const mappings = live.inbound_mappings ?? [];
  if (numbers.length === 0 || mappings.length === 0) return [];
  const out: EmptiedMappingFinding[] = [];
  for (const change of changes) {
    if (change.kind !== 'inbound_mapping' || !('after' in change) || !sendsCalls(change.after)) continue;
    const bare = numberIdentity(change.key);
    const number = numbers.find((n) => n.status === 'available' && numberIdentity(n.did) === bare);
    const mapping = number && mappings.find((m) => looksEmptied(m, bare));
    if (!number || !mapping) continue;
    const repair = repairWords(change, number, desired, changes);
    out.push({
      code: 'MAPPING_EMPTIED_BY_NUMBERS',
      key: change.key,
      ruleid: mapping.ruleid,
      number: { id: number.id, did: number.did, status: 'available' },
      repair_holds: repair.holds,
      message: `inbound mapping "${change.key}" (ruleid ${mapping.ruleid}) was emptied by the Numbers module: number "${number.did}" (id ${number.id}) is available, so the platform wiped the mapping's servers and renamed it to "${bare}". The plan restores its servers ${repair.words}.`,
      hint: repair.hint,
      ...(change.origin ? { origin: change.origin } : {}),
    });
  }
  return out;
}
