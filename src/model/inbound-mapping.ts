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
