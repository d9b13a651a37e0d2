import type { PlatformClient } from '../api/client.js';
import type { CollectionName } from '../model/desired.js';
import { KINDS } from '../model/desired.js';
import { InternalError } from '../model/errors.js';
import type { GatewayGroup } from '../model/group.js';
import type { KindApi } from '../model/kind-api.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import { numbersModuleMissing } from '../model/numbers-module.js';
import { readEach } from './read-carrier-groups.js';

/** What else to read besides the managed collections. */
export interface ReadOptions {
  /**
   * Read the groups (the list of each kind whose objects are gateway groups, in parallel with the
   * others) into `LiveState.groups`: needed to resolve references by name and to check numeric
   * ones. Ask `needsGroups(desired, allowDangling)` (plan/resolve-groups.ts). Default false.
   */
  readonly groups?: boolean;
  /**
   * Collections the files do not manage, read only to show what the platform does to them by
   * itself (model/kinds/did-number/effects.ts): the inbound mappings a number write empties, the
   * numbers a mapping write marks. Never diffed nor written. A kind only some platforms serve
   * (`KindApi.requires`) is read only where the platform has it (none elsewhere, and no error).
   * Default none.
   */
  readonly readOnly?: readonly CollectionName[];
}

/**
 * Reads the live state with one list request per managed collection (in parallel), never one
 * read per object (but for a kind whose list holds less than its record, `live.from: 'each'`:
 * each object is one more read). A collection that is not managed is not read. A kind the platform
 * cannot list (`liveFrom: 'state'`, leases) comes from the state records. The groups are read only
 * when `options.groups` asks for them. A kind only some platforms serve is read only from one that
 * has it: managing it elsewhere is NUMBERS_MODULE_MISSING. The `readOnly` collections are read
 * too, for what the platform does to them. Every kind is read as its module's API says.
 */
export async function readLive(
  client: PlatformClient,
  managed: readonly CollectionName[],
  leases?: readonly LeaseRecord[],
  options: ReadOptions = {},
): Promise<LiveState> {
  const reads = KINDS.map((kind) => {
    const mod = KIND_SPECS[kind] as KindModule;
    if (managed.includes(mod.collection)) return readCollection(client, mod, leases, true);
    if (options.readOnly?.includes(mod.collection)) return readCollection(client, mod, leases, false);
    return Promise.resolve(undefined);
  });
  const groupKinds = KINDS.filter((k) => KIND_SPECS[k].groupType !== undefined);
  const lists = options.groups ? Promise.all(groupKinds.map((k) => client.kind(apiOf(KIND_SPECS[k] as KindModule)).list())) : undefined;
  const [collections, groups] = await Promise.all([Promise.all(reads), lists]);
  const live: Record<string, unknown> = {};
  KINDS.forEach((kind, i) => {
    const records = collections[i];
    if (records) live[KIND_SPECS[kind].collection] = records;
  });
  if (groups) live.groups = (groups as GatewayGroup[][]).flat();
  return live;
}

/** A kind's API, for a kind that has one (every kind whose live objects are not the state's). */
function apiOf(mod: KindModule): KindApi {
  if (!mod.api) throw new InternalError(`${mod.kind} has no platform API`);
  return mod.api as KindApi;
}

/**
 * One kind's live collection, as its module says: the state's records, the list, or the list's ids
 * then each object. Where the platform may not serve the kind: managed, NUMBERS_MODULE_MISSING;
 * read for its effects only, undefined.
 */
async function readCollection(
  client: PlatformClient,
  mod: KindModule,
  leases: readonly LeaseRecord[] | undefined,
  managed: boolean,
): Promise<readonly unknown[] | undefined> {
  if (mod.liveFrom === 'state') return leases ?? [];
  const api = apiOf(mod);
  if (api.requires === 'numbers-module' && !(await client.numbersModule())) {
    if (!managed) return undefined;
    throw numbersModuleMissing(
      { profile: await client.profile(), detected: client.profileDetected },
      'the files declare numbers',
      'Remove the numbers: collection for this platform',
    );
  }
  const calls = client.kind(api);
  const { live } = api;
  if (live.from === 'list') return calls.list();
  return readEach(
    async () => (await calls.list()).map((listed) => live.listedId(listed)),
    (id) => calls.get({ id }),
  );
}
