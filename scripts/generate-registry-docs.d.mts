/** The provider schema, the hand-written guide the examples come from, and the docs folder written. */
export const SCHEMA_FILE: string;
export const GUIDE_FILE: string;
export const DOCS_DIR: string;
/** Every registry page, as its path under docs/ (`resources/inbound_mapping.md`) -> text. */
export function renderRegistryDocs(schemaText?: string, guide?: string): Map<string, string>;
/** Writes every page whose text changed; returns the paths under docs/. */
export function generateRegistryDocs(): string[];
