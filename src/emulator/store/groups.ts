import { InternalError } from '../../model/errors.js';
import type { Ledger } from './records.js';
import { DEFAULT_GATEWAYS, DEFAULT_GROUPS } from './default-groups.js';

/** The platform's gateway-list types (settings.py FLT_CARRIER, FLT_PBX). */
export const FLT_CARRIER = 8;
/** Endpoint groups (PBXs) and their gateways. */
export const FLT_PBX = 9;
/**
 * settings.py DEFAULT_AUTH_DOMAIN as installed: the SIP domain of a subscriber given none, and of
 * every lease the deployed platform hands out.
 */
export const DEFAULT_AUTH_DOMAIN = 'sip.dsiprouter.org';

/** A carrier group's registration (the platform's `uacreg` row): the password is a secret. */
export interface StoredRegistration {
  r_username: string;
  auth_username: string;
  auth_password: string;
  auth_domain: string;
  auth_proxy: string;
}

/** An endpoint group's subscriber (its `userpwd` auth); the platform shows the password in plain text. */
export interface StoredSubscriber {
  user: string;
  pass: string;
  domain: string;
}

/** A gateway list (`dr_gw_lists`) with what hangs off it. */
export interface StoredGroup {
  gwgroupid: number;
  /** Not unique. */
  name: string;
  /** FLT_CARRIER or FLT_PBX. */
  type: number;
  /** The gwids it lists, in order (`gwlist`). */
  gwlist: number[];
  lb_enabled: boolean;
  registration: StoredRegistration | null;
  subscriber: StoredSubscriber | null;
  /** `dsip_call_settings`; null when the group has no row. */
  call_settings: { limit: number | null; timeout: number | null } | null;
  /** `dsip_notification` rows: the address of each kind the group has one for (absent: none). */
  notifications?: GroupNotifications;
  /** `dsip_cdrinfo`: where CDR reports go and when (a crontab line); absent: none. */
  cdr?: { email: string; send_interval: string };
  /** `dsip_multidomain_mapping` of a FusionPBX group (its database; the password is a secret); absent: none. */
  fusionpbx?: { dbhost: string | null; dbuser: string | null; dbpass: string | null };
}

/** An endpoint group's notification addresses, by kind (`type` 0 and 1 of `dsip_notification`). */
export interface GroupNotifications {
  overmaxcalllimit?: string;
  endpointfailure?: string;
}

/**
 * A gateway (`dr_gateways`) with its dispatcher row. The platform keeps the port in `address`
 * (`host:5060` when none was given; the default data has none), and keeps the dispatcher row apart:
 * updating a carrier gateway's address leaves its dispatcher destination as it was.
 */
export interface StoredGateway {
  gwid: number;
  type: number;
  address: string;
  strip: number;
  prefix: string;
  name: string;
  /** The group its description names (`gwgroup:<id>`), or null. */
  gwgroup: number | null;
  signalling: string;
  media: string;
  /** The dispatcher row's destination `host:port`, or null when the gateway has none. */
  dispatcher: string | null;
  rweight: number;
  keepalive: boolean;
  /**
   * The gateway id the dispatcher row's description names (`gwid=<label>`), when it is not this
   * gateway's own: `null` when it names none (an endpoint-group PUT creates such rows), or the text
   * a PUT sent as `gwid` (a string). The platform finds a gateway's row by this label, so a row
   * labelled otherwise is not found (its weight is lost) and is deleted with the gateway it names.
   * Absent: the row names its own gateway.
   */
  dispatcherLabel?: string | null;
}

/** The groups and gateways as the data file holds them. */
export interface GroupsSnapshot {
  readonly nextGwgroupid: number;
  readonly nextGwid: number;
  readonly groups: readonly StoredGroup[];
  readonly gateways: readonly StoredGateway[];
}

const clone = <T>(v: T): T => structuredClone(v);

/**
 * The gateway lists and gateways of the emulated platform. Ids are never reused. Callers change
 * records through these methods only, and each change raises `kamreload` (through the ledger).
 */
export class GroupTable {
  private readonly groups = new Map<number, StoredGroup>();
  private readonly gateways = new Map<number, StoredGateway>();
  private nextGwgroupid = 1;
  private nextGwid = 1;

  constructor(private readonly ledger: Ledger) {}

  /** Installs the fresh install's carrier groups 1–10 and their gateways (not a pending write). */
  installDefaults(): void {
    for (const [gwgroupid, name] of DEFAULT_GROUPS) {
      this.groups.set(gwgroupid, {
        gwgroupid,
        name,
        type: FLT_CARRIER,
        gwlist: [],
        lb_enabled: false,
        registration: null,
        subscriber: null,
        call_settings: null,
      });
    }
    for (const [gwid, address, gwgroup, name] of DEFAULT_GATEWAYS) {
      this.gateways.set(gwid, {
        gwid,
        type: FLT_CARRIER,
        address,
        strip: 0,
        prefix: '',
        name,
        gwgroup,
        signalling: 'proxy',
        media: 'proxy',
        dispatcher: `${address}:5060`,
        rweight: 1,
        keepalive: false,
      });
      this.groups.get(gwgroup)?.gwlist.push(gwid);
    }
    this.nextGwgroupid = Math.max(...DEFAULT_GROUPS.map(([id]) => id)) + 1;
    this.nextGwid = Math.max(...DEFAULT_GATEWAYS.map(([id]) => id)) + 1;
  }

  /** Every group (of one type when given), by id; copies. */
  list(type?: number): StoredGroup[] {
    return [...this.groups.values()]
      .filter((g) => type === undefined || g.type === type)
      .sort((a, b) => a.gwgroupid - b.gwgroupid)
      .map(clone);
  }

  /** One group, any type; a copy. */
  get(gwgroupid: number): StoredGroup | undefined {
    const g = this.groups.get(gwgroupid);
    return g && clone(g);
  }

  /** One gateway; a copy. */
  gateway(gwid: number): StoredGateway | undefined {
    const g = this.gateways.get(gwid);
    return g && clone(g);
  }

  /** The gateways whose description names this group, by gwid (how the platform finds a group's gateways). */
  gatewaysOf(gwgroupid: number): StoredGateway[] {
    return [...this.gateways.values()]
      .filter((g) => g.gwgroup === gwgroupid)
      .sort((a, b) => a.gwid - b.gwid)
      .map(clone);
  }

  /** Creates a group and returns its id. */
  createGroup(fields: Omit<StoredGroup, 'gwgroupid'>): number {
    const gwgroupid = this.nextGwgroupid++;
    this.groups.set(gwgroupid, { ...clone(fields), gwgroupid });
    this.ledger.recordWrite();
    return gwgroupid;
  }

  /**
   * Uses up the next group id without creating a group: the platform inserts the group's row
   * first, and a failure after that rolls the row back but not the id (MySQL's auto-increment).
   * Not a write the proxy sees: `kamreload` stays as it is.
   */
  burnGroupId(): void {
    this.nextGwgroupid++;
    this.ledger.recordQuietChange();
  }

  /** Changes a group's fields (it must exist). */
  updateGroup(gwgroupid: number, patch: Partial<Omit<StoredGroup, 'gwgroupid'>>): void {
    const g = this.groups.get(gwgroupid);
    if (!g) throw new InternalError(`emulator: no group ${gwgroupid} to update`);
    Object.assign(g, clone(patch));
    this.ledger.recordWrite();
  }

  /** Creates a gateway and returns its gwid (the caller adds it to a gwlist). */
  addGateway(fields: Omit<StoredGateway, 'gwid'>): number {
    const gwid = this.nextGwid++;
    this.gateways.set(gwid, { ...clone(fields), gwid });
    this.ledger.recordWrite();
    return gwid;
  }

  /** Changes a gateway's fields (it must exist). */
  updateGateway(gwid: number, patch: Partial<Omit<StoredGateway, 'gwid'>>): void {
    const g = this.gateways.get(gwid);
    if (!g) throw new InternalError(`emulator: no gateway ${gwid} to update`);
    Object.assign(g, clone(patch));
    this.ledger.recordWrite();
  }

  /** Deletes gateways (unknown ids are ignored). */
  deleteGateways(gwids: Iterable<number>): void {
    for (const gwid of gwids) this.gateways.delete(gwid);
    this.ledger.recordWrite();
  }

  /** Deletes a group (if present) and the gateways whose description names it. */
  deleteGroup(gwgroupid: number): void {
    this.groups.delete(gwgroupid);
    this.deleteGateways(this.gatewaysOf(gwgroupid).map((g) => g.gwid));
  }

  /** Deletes a group and leaves its gateways (the platform's carrier DELETE under an id written otherwise, `1abc`). */
  deleteGroupOnly(gwgroupid: number): void {
    this.groups.delete(gwgroupid);
    this.ledger.recordWrite();
  }

  /** The state for the data file. */
  snapshot(): GroupsSnapshot {
    return {
      nextGwgroupid: this.nextGwgroupid,
      nextGwid: this.nextGwid,
      groups: this.list(),
      gateways: [...this.gateways.values()].sort((a, b) => a.gwid - b.gwid).map(clone),
    };
  }

  /** Loads a data file's groups and gateways (checked by the snapshot parser). */
  load(snapshot: GroupsSnapshot): void {
    this.groups.clear();
    this.gateways.clear();
    for (const g of snapshot.groups) this.groups.set(g.gwgroupid, clone(g));
    for (const g of snapshot.gateways) this.gateways.set(g.gwid, clone(g));
    this.nextGwgroupid = snapshot.nextGwgroupid;
    this.nextGwid = snapshot.nextGwid;
  }
}
