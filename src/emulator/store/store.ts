import { DEFAULT_ROUTE_NAME } from '../../model/constants.js';
import { TrafficCounters } from '../traffic.js';
import { GroupTable } from './groups.js';
import { LeaseTable } from './leases.js';
import { MappingTable } from './mappings.js';
import { NumberTable } from './numbers.js';
import type { Ledger } from './records.js';
import { RouteTable } from './routes.js';
import { SNAPSHOT_FORMAT, snapshotError, type EmulatorSnapshot } from './snapshot.js';

/** How to build a store. */
export interface StoreOptions {
  /** Clock in ms; leases expire by it. Default `Date.now`. */
  now?: () => number;
  /** Start without the fresh-install default outbound route and default carrier groups 1–10. */
  empty?: boolean;
  /** Under the spec profile, swallow carrier-group write errors as the deployed platform does (a fault switch). */
  swallowGroupErrors?: boolean;
}

/**
 * The emulated platform's state: inbound mappings, outbound routes with their LCR records, leases,
 * groups, numbers, the shared ruleid counter and the global `kamreload` flag. Pure in-memory and synchronous; the
 * server persists it whenever `revision` moves.
 */
export class EmulatorStore implements Ledger {
  readonly mappings: MappingTable;
  readonly routes: RouteTable;
  readonly leases: LeaseTable;
  readonly groups: GroupTable;
  /** The Numbers module's DID inventory (served by the `current` profile only). */
  readonly numbers: NumberTable;
  /** The fault switch: spec-profile carrier-group writes answer 200 and skip what fails, as the platform does. */
  readonly swallowGroupErrors: boolean;
  /** Requests served, for the proxy statistics; not persisted. */
  readonly traffic = new TrafficCounters();
  private nextRuleid = 1;
  private reloadPending = false;
  private changes = 0;
  private readonly clock: () => number;

  constructor(options: StoreOptions = {}) {
    this.clock = options.now ?? Date.now;
    this.mappings = new MappingTable(this);
    this.routes = new RouteTable(this);
    this.leases = new LeaseTable(this);
    this.groups = new GroupTable(this);
    this.numbers = new NumberTable(this);
    this.swallowGroupErrors = Boolean(options.swallowGroupErrors);
    if (!options.empty) this.installDefaults();
  }

  /** Rebuilds a store from a data file's snapshot; throws when the records contradict each other. */
  static fromSnapshot(snapshot: EmulatorSnapshot, options: Omit<StoreOptions, 'empty'> = {}): EmulatorStore {
    const store = new EmulatorStore({ ...options, empty: true });
    // A data file from before the emulator kept groups holds the fresh install's.
    if (snapshot.groups) store.groups.load(snapshot.groups);
    else store.groups.installDefaults();
    store.routes.lcr.load(snapshot.lcr);
    store.routes.load(snapshot.routes);
    store.mappings.load(snapshot.mappings);
    store.leases.load(snapshot.leases, snapshot.nextLeaseid);
    if (snapshot.numbers) store.numbers.load(snapshot.numbers);
    let highest = 0;
    for (const rule of [...snapshot.routes, ...snapshot.mappings]) highest = Math.max(highest, rule.ruleid);
    if (snapshot.nextRuleid <= highest) {
      throw snapshotError(`nextRuleid ${snapshot.nextRuleid} is not above the highest ruleid ${highest}`);
    }
    store.nextRuleid = snapshot.nextRuleid;
    store.reloadPending = snapshot.kamreload;
    return store;
  }

  /** The whole state as plain JSON, for the data file. */
  snapshot(): EmulatorSnapshot {
    return {
      format: SNAPSHOT_FORMAT,
      nextRuleid: this.nextRuleid,
      nextLeaseid: this.leases.nextLeaseid,
      kamreload: this.reloadPending,
      mappings: this.mappings.list(),
      routes: this.routes.list(),
      lcr: this.routes.lcr.list(),
      leases: this.leases.live(),
      groups: this.groups.snapshot(),
      numbers: this.numbers.snapshot(),
    };
  }

  /** True once any write has happened since the last reload. */
  get kamreload(): boolean {
    return this.reloadPending;
  }

  /** Moves on every persisted change (writes and reloads); the server saves when it moved. */
  get revision(): number {
    return this.changes;
  }

  /** The proxy applied the writes: clears `kamreload`. */
  reload(): void {
    if (!this.reloadPending) return;
    this.reloadPending = false;
    this.changes++;
  }

  /** {@inheritDoc Ledger.allocateRuleid} */
  allocateRuleid(): number {
    return this.nextRuleid++;
  }

  /** {@inheritDoc Ledger.recordWrite} */
  recordWrite(): void {
    this.reloadPending = true;
    this.changes++;
  }

  /** {@inheritDoc Ledger.recordQuietChange} */
  recordQuietChange(): void {
    this.changes++;
  }

  /** {@inheritDoc Ledger.now} */
  now(): number {
    return this.clock();
  }

  /** A fresh install holds route 1 to carrier group 2 and carrier groups 1–10; installing them is not a pending write. */
  private installDefaults(): void {
    this.routes.create({ name: DEFAULT_ROUTE_NAME, prefix: '', gwgroupid: '2' });
    this.groups.installDefaults();
    this.reloadPending = false;
    this.changes = 0;
  }
}
