/** The committed CDKTF bindings, and the CDK Terrain ones made from them at build. */
export const CDKTF_DIR: string;
export const CDKTN_DIR: string;
/** The cdktn binding for one cdktf binding file (`path` relative to the cdktf folder). */
export function cdktnFrom(path: string, text: string): string;
/** Writes CDKTN_DIR from CDKTF_DIR and drops files no longer made; returns the paths made. */
export function generateCdktn(): string[];
