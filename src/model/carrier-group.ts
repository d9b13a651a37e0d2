/**
 * A carrier group as code (issue 17): a gateway list of type 8 with its gateways ("endpoints" in
 * the platform's API). Identity is the name. Pure data, shared by live, desired and plan; the wire
 * mapping lives in api/. The fields and their platform defaults are recorded in
 * docs/platform-profiles.md.
 */
import type { SourceLocation } from './desired.js';

/** One gateway of a carrier group. */
export interface CarrierEndpoint {
  readonly name: string;
  /**
   * Host name or address, with `:port` when it is not the platform's default 5060 (the platform
   * keeps the port inside the address, and adds `:5060` when none is given).
   */
  readonly hostname: string;
  /** Digits stripped from the number before it is sent. */
  readonly strip: number;
  /** Text put in front of the number before it is sent; `""` when none. */
  readonly prefix: string;
  /** Load-balancing weight (the platform's `rweight`, default 1). */
  readonly weight: number;
}

/**
 * Registration authentication of a carrier group: `ip` (by address, no credentials) or `userpwd`.
 * The password is a secret: plans, output and reports never show it.
 */
export interface CarrierAuth {
  readonly type: 'ip' | 'userpwd';
  readonly r_username?: string;
  readonly auth_username?: string;
  readonly auth_password?: string;
  /**
   * The environment variable the password comes from (files write `auth_password: ${NAME}`). Plans
   * carry this name, never the value: apply reads the value from the environment. Where the
   * variable is not set, `auth_password` is absent: only the commands that send it need it.
   */
  readonly password_env?: string;
  /** Where the files name that variable (`file:line:col` of the `auth_password` value): an apply that cannot read it says where. */
  readonly password_origin?: SourceLocation;
  readonly auth_domain?: string;
  readonly auth_proxy?: string;
}

/**
 * The fields of a carrier group that the platform's API never shows (docs/platform-profiles.md,
 * "Groups") and that its update (`PUT /carriergroups`) writes whatever they were: a value left out
 * of the body is written as its default (lb_enabled 0, no registration).
 */
export type UnreadableCarrierField = 'lb_enabled' | 'auth';

/** What a carrier group says, without the ids the platform assigns. */
export interface CarrierGroupContent {
  /** The identity in files (not unique on the platform: two live groups may share it). */
  readonly name: string;
  /** Load balancing across the endpoints (the platform's `lb_enabled`). */
  readonly lb_enabled: boolean;
  readonly endpoints: readonly CarrierEndpoint[];
  readonly auth?: CarrierAuth;
  /**
   * The unreadable fields the files leave out (no `lb_enabled:`, no `auth:`): their values here are
   * the defaults a create writes, which an update must not write over what the platform holds
   * (it cannot be read, so it cannot be sent back). `auth: none` and `lb_enabled: false` say them.
   * Absent: every field is said (other front ends).
   */
  readonly unstated?: readonly UnreadableCarrierField[];
}

/** A carrier group as the platform holds it. */
export interface CarrierGroup extends CarrierGroupContent {
  readonly gwgroupid: number;
  /** The gateway id of each endpoint, in the order of `endpoints`. */
  readonly gwids: readonly number[];
  /**
   * Fields the platform's API does not show, so a read cannot know them: their values here are
   * placeholders (`lb_enabled: false`, no `auth`) and must not be compared. The client reads both
   * as unreadable (docs/platform-profiles.md, "Groups").
   */
  readonly unreadable?: readonly UnreadableCarrierField[];
}
