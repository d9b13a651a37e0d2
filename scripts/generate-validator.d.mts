/** Where the schema is read from and the validator module written to. */
export const SCHEMA_FILE: string;
export const OUT_FILE: string;
export const PLAN_SCHEMA_FILE: string;
export const PLAN_OUT_FILE: string;
/** The generated module's text for a schema's text. */
export function validatorSource(schemaText: string, options?: object, from?: string): string;
/** Writes OUT_FILE and PLAN_OUT_FILE when their text differs; returns whether it wrote either. */
export function generateValidator(): boolean;
