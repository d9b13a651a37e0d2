/** One layer of src/: its folder (or `index`), the layers it may import, and what it holds. */
export interface LayerRow {
  readonly layer: string;
  readonly imports: readonly string[];
  /** The layers it may import types from only (`import type`). */
  readonly types?: readonly string[];
  readonly holds: string;
}
/** Every layer, in the order ARCHITECTURE.md lists them. */
export const LAYER_TABLE: readonly LayerRow[];
/** The layer rule's table: each layer and the layers it may import. */
export const LAYERS: Readonly<Record<string, readonly string[]>>;
/** The layer rule's second table: each layer and the layers it may import types from only. */
export const TYPE_LAYERS: Readonly<Record<string, readonly string[]>>;
