import type { InboundMapping } from '../../model/inbound-mapping.js';
import type { Lease } from '../../model/lease.js';
import type { OutboundRoute } from '../../model/outbound-route.js';

/**
 * A route as the emulated rules table holds it. Unlike the model's route, `gwgroupid` keeps the
 * `#` the platform stores in front of the carrier-group id (`"#5"`), so the wire answer and the
 * data file show what the real database would.
 */
export interface StoredRoute extends Omit<OutboundRoute, 'gwgroupid'> {
  readonly gwgroupid: string;
}

/** The LCR record paired with an LCR route, keyed by its groupid. */
export interface LcrRecord {
  /** `<from_prefix>-<prefix>`; unique among LCR records. */
  readonly pattern: string;
  readonly from_prefix: string;
  readonly groupid: number;
}

/** A lease with what the emulator needs to expire it. */
export interface StoredLease extends Lease {
  /** Contact address given when it was obtained. */
  readonly email: string;
  /** Clock value (ms) when it was obtained; expired once `now >= obtainedAt + ttl * 1000`. */
  readonly obtainedAt: number;
}

/**
 * An inbound mapping as the model describes it. `noteless` (present only when true) marks one
 * created without a note on the deployed platform: its description is empty, which breaks that
 * platform's reads of it; the data file keeps the mark so the breakage survives a restart.
 */
export interface StoredMapping extends InboundMapping {
  readonly noteless?: true;
}

/**
 * What every table needs from the store that owns it. Mappings and routes share one ruleid
 * counter (they are rows of one rules table on the platform), and every write raises the global
 * `kamreload` flag.
 */
export interface Ledger {
  /** Hands out the next ruleid; never returns one twice. */
  allocateRuleid(): number;
  /** Notes a successful change: sets `kamreload` and bumps the revision the server persists on. */
  recordWrite(): void;
  /**
   * Notes a change the proxy never sees (an id a rolled-back insert used up): bumps the revision
   * the server persists on, leaves `kamreload` as it is.
   */
  recordQuietChange(): void;
  /** The clock, in ms. */
  now(): number;
}
