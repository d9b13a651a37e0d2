/** What a mapping says, without the id the platform assigns: shared by live, desired and plan. */
export interface MappingContent {
  /** The dialled number; `""` is the default, catch-all mapping. */
  readonly did: string;
  /** Primary, then optional secondary: gateway ids (`"66"`) or carrier groups (`"#22"`). */
  readonly servers: readonly string[];
  /** Free-text note; `""` when none. */
  readonly notes: string;
}

/** An inbound DID mapping as the model knows it, whatever the wire said. */
export interface InboundMapping extends MappingContent {
  /** Platform id; unique across mappings and routes, never reused. */
  readonly ruleid: number;
}

/** The fields a client sends to create a mapping. */
export interface InboundMappingInput {
  readonly did: string;
  readonly servers: readonly string[];
  readonly notes?: string;
}

/** Any non-empty subset of the mapping's fields; `did` renames. */
export type InboundMappingPatch = Partial<InboundMappingInput>;

/** Exactly one way to select a mapping: by rule id or by DID (`""` selects the default mapping). */
export type InboundSelector = { readonly ruleid: number } | { readonly did: string };

/**
 * The mapping-replace rule: the deployed platform (API profile `current`) cannot update an inbound
 * mapping in place, so any change to one is carried out as a delete, then a create (a new rule id,
 * and the DID unrouted in between). Under `spec` a mapping is updated in place. The planner, the
 * Terraform provider and its apply all ask here.
 */
export function mappingUpdateReplaces(profile: 'spec' | 'current'): boolean {
  return profile === 'current';
}

/** Why a mapping change is a replace, as a plan says it. */
export const MAPPING_REPLACE_REASON = 'the deployed platform cannot update a mapping in place: deleted, then created';
