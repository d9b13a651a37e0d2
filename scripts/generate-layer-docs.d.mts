import type { LayerRow } from '../eslint/layer-table.js';
/** ARCHITECTURE.md, and the comments its layer table sits between. */
export const ARCHITECTURE_FILE: string;
export const BEGIN: string;
export const END: string;
/** The Markdown table of every layer, what it may import and what it holds. */
export function layerTableMarkdown(table?: readonly LayerRow[]): string;
/** `text` with the table between BEGIN and END replaced by the table made from `table`. */
export function withLayerTable(text: string, table?: readonly LayerRow[]): string;
/** Rewrites ARCHITECTURE.md's layer table when it differs; returns whether it wrote. */
export function generateLayerDocs(): boolean;
