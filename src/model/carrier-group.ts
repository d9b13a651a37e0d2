/**
 * A carrier group as code (issue 17): a gateway list of type 8 with its gateways ("endpoints" in
 * the platform's API). Identity is the name. Pure data, shared by live, desired and plan; the wire
 * mapping lives in api/. The fields and their platform defaults are recorded in
 * docs/platform-profiles.md.
 */

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
  readonly auth_domain?: string;
  readonly auth_proxy?: string;
}

/** What a carrier group says, without the ids the platform assigns. */
export interface CarrierGroupContent {
  /** The identity in files (not unique on the platform: two live groups may share it). */
  readonly name: string;
  /** Load balancing across the endpoints (the platform's `lb_enabled`). */
  readonly lb_enabled: boolean;
  readonly endpoints: readonly CarrierEndpoint[];
  readonly auth?: CarrierAuth;
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
  readonly unreadable?: readonly ('lb_enabled' | 'auth')[];
}
