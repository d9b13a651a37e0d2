/** The provider schema, the hand-written guide the examples come from, and the docs folder written. */
export const SCHEMA_FILE: string;
export const GUIDE_FILE: string;
export const DOCS_DIR: string;
/** How each resource is imported: its id attribute and the key form, or why it cannot be. */
export const IMPORTS: Readonly<
  Record<string, { id: string; idExample: string; key: string; keyExample: string } | { refused: readonly string[] }>
>;
/** Every registry page, as its path under docs/ (`resources/inbound_mapping.md`) -> text. */
export function renderRegistryDocs(schemaText?: string, guide?: string): Map<string, string>;
/** Writes every page whose text changed; returns the paths under docs/. */
export function generateRegistryDocs(): string[];
