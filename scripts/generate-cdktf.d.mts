// Types of generate-cdktf.mjs, for the tests that reuse it.

/** The schema `npm run generate:cdktf` reads. */
export declare const DEFAULT_SCHEMA: string;
/** The directory `npm run generate:cdktf` replaces: src/cdktf/bindings. */
export declare const DEFAULT_OUT_DIR: string;

/** Applies the override post-processing; throws when a rule matched nowhere. */
export declare function postProcess(files: ReadonlyMap<string, string>): Map<string, string>;

/** Rewrites one generated cdktf binding into a cdktn one; throws when a reference to cdktf is left. */
export declare function rewriteForCdktn(text: string): string;

/** Runs the generator on a schema; returns the bindings as relative path -> contents, sorted. */
export declare function renderBindings(schemaPath?: string): Promise<Map<string, string>>;

/** Regenerates the bindings into outDir (replacing it); resolves to the written relative paths. */
export declare function generateBindings(options?: { schemaPath?: string; outDir?: string }): Promise<string[]>;

/** The files under dir as relative '/'-separated paths, sorted. */
export declare function listFiles(dir: string): Promise<string[]>;

/** Where the generated doc comments point: docs/terraform.md, shipped in the package. */
export declare const DOCS_FILE: string;

/** Replaces the generator's registry.terraform.io links with schema descriptions and docs/terraform.md; throws when a rule matched nothing or a link is left. */
export declare function rewriteDocLinks(files: ReadonlyMap<string, string>, schema: unknown): Map<string, string>;

/** Gives every exported class and interface of one binding (after rewriteDocLinks) a doc comment; throws when one is left without. */
export declare function describeHelpers(path: string, text: string): string;
