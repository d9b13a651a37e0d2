/** Where the schema is read from and the validator module written to. */
export const SCHEMA_FILE: string;
export const OUT_FILE: string;
/** The generated module's text for a schema's text. */
export function validatorSource(schemaText: string): string;
/** Writes OUT_FILE when its text differs; returns whether it wrote. */
export function generateValidator(): boolean;
