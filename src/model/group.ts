/**
 * Carrier groups and endpoint groups as the platform lists them: gateway lists (`dr_gw_lists`) of
 * type 8 (carrier) or 9 (endpoint). A rule's `#<id>` names either. Pure data.
 */

/** Which kind of gateway list a group is. */
export type GroupType = 'carrier' | 'endpoint';

/** A gateway list as `GET /carriergroups` and `GET /endpointgroups` list it. */
export interface GatewayGroup {
  readonly gwgroupid: number;
  /** Not unique on the platform: two groups may share a name. */
  readonly name: string;
  readonly type: GroupType;
  /** The gateway ids it holds, in order (`gwlist: "1,2"` → `["1", "2"]`); empty when it holds none. */
  readonly gwids: readonly string[];
  /** A group a plan creates: `gwgroupid` is a stand-in (the platform numbers it at apply), never shown as its id. */
  readonly pending?: boolean;
}

/** A gateway's name and address as the platform shows them (`GET /endpointgroups/<id>`, `GET /carriergroups/<id>`). */
export interface GatewayLabel {
  readonly gwid: number;
  /** The gateway's name (the platform's `description` or endpoint `name`); `""` when it has none. */
  readonly name: string;
  /** Host or address, with `:port` when the platform shows one. */
  readonly address: string;
  /** An endpoint a plan adds: `gwid` is a stand-in (the platform numbers it at apply), never shown as its id. */
  readonly pending?: boolean;
}

/** A group as the words name it. */
export interface GroupLabel {
  readonly name: string;
  readonly type: GroupType;
  /** Its id is a stand-in (a group the plan creates): the words say `id known after apply` instead. */
  readonly pending?: boolean;
}

/**
 * The names of the groups and gateways a plan's changes refer to by id (a route's `gwgroupid`, a
 * mapping's `servers`, before and after), as the platform held them when the plan was made: the
 * plan shows them beside the ids. Only what was read is there: every group's name and type, and
 * the name and address of the gateways of the carrier groups the files manage.
 */
export interface PlanNames {
  /** gwgroupid (as text) → the group's name and type. */
  readonly groups?: Readonly<Record<string, GroupLabel>>;
  /** gwid (as text) → the gateway's name and address. */
  readonly gateways?: Readonly<Record<string, Omit<GatewayLabel, 'gwid'>>>;
}
