/**
 * An endpoint group as code (issue 34): the platform's tenant unit, a gateway list of type 9 (a
 * PBX or customer) that inbound mappings send calls to. Identity is the name. Pure data, shared by
 * live, desired and plan; the wire mapping is in kinds/endpoint-group/wire.ts, the platform's
 * answers in docs/platform-profiles.md ("Groups").
 */
import type { SourceLocation } from './desired.js';

/** One endpoint (gateway) of an endpoint group, matched by name as carrier-group endpoints are. */
export interface GroupEndpoint {
  readonly name: string;
  /** `host:port`, `:5060` added when the files give no port (the platform keeps the port apart). */
  readonly hostname: string;
  /** Load-balancing weight (the platform's `rweight`, default 1). */
  readonly weight: number;
}

/**
 * The registration of an endpoint group (the platform's subscriber): a username and password in a
 * domain. The password is a secret: plans, output and reports never show it.
 */
export interface EndpointGroupAuth {
  readonly type: 'userpwd';
  readonly auth_username: string;
  readonly auth_domain: string;
  /** The password itself: declared (from its variable) only; never on a live group. */
  readonly auth_password?: string;
  /** The environment variable the password comes from (`auth_password: ${NAME}`); plans carry this name. */
  readonly password_env?: string;
  /** Where the files name that variable. */
  readonly password_origin?: SourceLocation;
  /**
   * On a live group: a fingerprint of the password the platform showed (a keyed hash that lives as
   * long as the process, `secretFingerprint`), so it is compared without being held.
   */
  readonly password_fingerprint?: string;
}

/** The addresses the platform mails when a call limit is passed or an endpoint fails. */
export interface EndpointGroupNotifications {
  readonly over_max_call_limit?: string;
  readonly endpoint_failure?: string;
}

/** The CDR report the platform mails: to `email`, on the crontab schedule `send_interval`. */
export interface EndpointGroupCdr {
  readonly email: string;
  readonly send_interval: string;
}

/** What an endpoint group says, without the ids the platform assigns. */
export interface EndpointGroupContent {
  readonly name: string;
  /** Concurrent calls allowed (the platform's `call_settings.limit`); `null` for no limit. */
  readonly call_limit: number | null;
  /** Leading digits stripped before a call is sent to the group (written into every endpoint). */
  readonly strip: number;
  /** Text put in front of the number (written into every endpoint); `""` for none. */
  readonly prefix: string;
  readonly endpoints: readonly GroupEndpoint[];
  /** The registration; absent for authentication by address (`none` or `ip`). */
  readonly auth?: EndpointGroupAuth;
  readonly notifications: EndpointGroupNotifications;
  /** The CDR report; `null` for none. */
  readonly cdr: EndpointGroupCdr | null;
}

/** An endpoint group as the platform holds it. */
export interface EndpointGroup extends EndpointGroupContent {
  readonly gwgroupid: number;
  /** The gateway id of each endpoint, in the order of `endpoints`. */
  readonly gwids: readonly number[];
  /** Whether FusionPBX is enabled on it: dsipform does not manage that, and an update would switch it off. */
  readonly fusionpbx: boolean;
}
