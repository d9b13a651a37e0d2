/**
 * tfplugin6 messages as the host's service definitions (protos.ts) hand them over: snake_case
 * fields (as the .proto writes them), int64 as number, enums as number, bytes as Buffer, absent
 * fields at their defaults, absent messages as null, oneofs named. Only the fields the host uses are typed.
 */

/** Values cross the wire in one of two encodings. */
export interface DynamicValueMsg {
  readonly msgpack?: Uint8Array;
  readonly json?: Uint8Array;
}

/** One step of an attribute path: exactly one field is set. */
export type AttributePathStepMsg =
  { readonly attribute_name: string } | { readonly element_key_string: string } | { readonly element_key_int: number };

/** A path to an attribute, for diagnostics and `requires_replace`. */
export interface AttributePathMsg {
  readonly steps: readonly AttributePathStepMsg[];
}

/** `Diagnostic.Severity` values. */
export const SEVERITY_ERROR = 1;
export const SEVERITY_WARNING = 2;

/** A diagnostic as Terraform shows it; `attribute` points into the configuration. */
export interface DiagnosticMsg {
  readonly severity: typeof SEVERITY_ERROR | typeof SEVERITY_WARNING;
  readonly summary: string;
  readonly detail: string;
  readonly attribute?: AttributePathMsg;
}

/** `StringKind` values for descriptions. */
export const STRING_KIND_PLAIN = 0;
export const STRING_KIND_MARKDOWN = 1;

/** `Schema.Attribute`: `type` is the JSON of the cty type, as bytes. */
export interface SchemaAttributeMsg {
  readonly name: string;
  readonly type: Uint8Array;
  readonly description: string;
  readonly description_kind: number;
  readonly required: boolean;
  readonly optional: boolean;
  readonly computed: boolean;
  readonly sensitive: boolean;
  readonly deprecated: boolean;
  readonly write_only: boolean;
}

/** `Schema.NestedBlock.NestingMode`. */
export const NESTING = { single: 1, list: 2, set: 3, map: 4, group: 5 } as const;

/** `Schema.NestedBlock`. */
interface SchemaNestedBlockMsg {
  readonly type_name: string;
  readonly block: SchemaBlockMsg;
  readonly nesting: number;
  readonly min_items: number;
  readonly max_items: number;
}

/** `Schema.Block`. */
export interface SchemaBlockMsg {
  readonly version: number;
  readonly attributes: readonly SchemaAttributeMsg[];
  readonly block_types: readonly SchemaNestedBlockMsg[];
  readonly description: string;
  readonly description_kind: number;
  readonly deprecated: boolean;
}

/** `Schema`: a versioned block (the provider, a resource type, a data source type). */
export interface SchemaMsg {
  readonly version: number;
  readonly block: SchemaBlockMsg;
}

/** `ServerCapabilities`: optional protocol features the provider announces. */
export interface ServerCapabilitiesMsg {
  readonly plan_destroy: boolean;
  readonly get_provider_schema_optional: boolean;
  readonly move_resource_state: boolean;
}

/** `RawState`: stored state as JSON (current) or flatmap (Terraform 0.11 and older). */
interface RawStateMsg {
  readonly json?: Uint8Array;
  readonly flatmap?: Readonly<Record<string, string>>;
}

/** A request about one resource or data source type. Requests are typed as far as the host reads them. */
export interface TypedRequest {
  readonly type_name: string;
}
/** A request carrying a configuration. */
export interface ConfigRequest {
  readonly config: DynamicValueMsg | null;
}
/** A request carrying Terraform's `ClientCapabilities` (absent from a Terraform that predates them). */
export interface CapabilitiesRequest {
  readonly client_capabilities?: { readonly write_only_attributes_allowed?: boolean } | null;
}
/** `UpgradeResourceState.Request`. */
export interface UpgradeResourceStateRequest extends TypedRequest {
  readonly version: number;
  readonly raw_state: RawStateMsg | null;
}
/** `ReadResource.Request`. */
export interface ReadResourceRequest extends TypedRequest {
  readonly current_state: DynamicValueMsg | null;
  readonly private: Uint8Array;
}
/** `PlanResourceChange.Request`. */
export interface PlanResourceChangeRequest extends TypedRequest, ConfigRequest {
  readonly prior_state: DynamicValueMsg | null;
  readonly proposed_new_state: DynamicValueMsg | null;
  readonly prior_private: Uint8Array;
}
/** `ApplyResourceChange.Request`. */
export interface ApplyResourceChangeRequest extends TypedRequest, ConfigRequest {
  readonly prior_state: DynamicValueMsg | null;
  readonly planned_state: DynamicValueMsg | null;
  readonly planned_private: Uint8Array;
}
/** `ImportResourceState.Request`. */
export interface ImportResourceStateRequest extends TypedRequest {
  readonly id: string;
}
/** `MoveResourceState.Request`. */
export interface MoveResourceStateRequest {
  readonly source_type_name: string;
  readonly source_provider_address: string;
  readonly target_type_name: string;
}
