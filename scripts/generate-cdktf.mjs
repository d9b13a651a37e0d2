#!/usr/bin/env node
// Regenerates the CDKTF bindings in src/cdktf/bindings/ from schemas/provider.schema.json.
//
// Run it with `npm run generate:cdktf` after changing the provider schema, and commit the result:
// test/cdktf/bindings/freshness.test.ts fails while the committed files differ from what this
// script writes. Plain JavaScript (with generate-cdktf.d.mts beside it) so that Node 20 runs it
// without a TypeScript loader.
//
// Layout written (the whole output directory is replaced):
//   package.json        {"type":"commonjs"}: the bindings compile and run as CommonJS, like cdktf
//                       itself, so that ESM apps (import) and CommonJS apps (require) can both load
//                       them on any Node 20, and the generator's extension-less imports stay valid
//   cdktf/<resource>/index.ts, cdktf/index.ts   what @cdktf/provider-generator emits, post-processed
//   cdktn/...           the same files with the import of 'cdktf' rewritten to 'cdktn' (rewriteForCdktn);
//                       not committed: the build makes them from cdktf/ (scripts/generate-cdktn.mjs)
import { createRequire } from 'node:module';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run generate:cdktf` reads the schema and writes the bindings. */
export const DEFAULT_SCHEMA = join(ROOT, 'schemas', 'provider.schema.json');
export const DEFAULT_OUT_DIR = join(ROOT, 'src', 'cdktf', 'bindings');

/** The provider's folder in the generator's output (`providers/<name>/`). */
const PROVIDER_FOLDER = 'providers/dsiprouter';

/**
 * Post-processing of the generator's TypeScript so that it compiles under this repository's
 * tsconfig (strict, noImplicitOverride). Each rule must match somewhere in the output: a rule
 * that stops matching means the generator changed, and the script says so instead of writing
 * code that may not compile.
 */
const OVERRIDE_RULES = [
  {
    // Resource, data source and provider classes override TerraformElement's synthesis methods.
    name: 'override synthesizeAttributes/synthesizeHclAttributes',
    pattern: /^(\s+)protected (synthesizeAttributes|synthesizeHclAttributes)\(/gm,
    replace: '$1protected override $2(',
  },
  {
    // The provider's `alias` accessor overrides TerraformProvider#alias.
    name: 'override the provider alias accessors',
    pattern: /^(\s+)public (get|set) alias\(/gm,
    replace: '$1public override $2 alias(',
  },
  {
    // ComplexList subclasses redeclare the base class's protected fields as parameter
    // properties; drop the redeclaration (what @cdktn/provider-generator 0.24 emits).
    name: 'ComplexList constructors without parameter properties',
    pattern:
      /constructor\(protected terraformResource: (\w+)\.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean\) \{\n(\s+)super\(terraformResource, terraformAttribute, wrapsSet\)\n/g,
    replace:
      'constructor(terraformResource: $1.IInterpolatingParent, terraformAttribute: string, wrapsSet: boolean) {\n$2super(terraformResource, terraformAttribute, wrapsSet);\n',
  },
];

/**
 * Applies OVERRIDE_RULES to every file; throws when a rule matched nowhere.
 * @param {ReadonlyMap<string, string>} files path -> TypeScript source
 * @returns {Map<string, string>}
 */
export function postProcess(files) {
  const out = new Map(files);
  for (const rule of OVERRIDE_RULES) {
    let hits = 0;
    for (const [path, text] of out) {
      out.set(
        path,
        text.replace(rule.pattern, (...args) => {
          hits += 1;
          return rule.replace.replace(/\$(\d)/g, (_, n) => String(args[Number(n)]));
        }),
      );
    }
    if (hits === 0) {
      throw new Error(
        `generate-cdktf: the post-processing rule "${rule.name}" matched nothing; ` +
          'the generator output changed, so update OVERRIDE_RULES in scripts/generate-cdktf.mjs',
      );
    }
  }
  return out;
}

/** Where the generated doc comments send readers: shipped in the package (package.json `files`). */
export const DOCS_FILE = 'docs/terraform.md';

/**
 * The generator links every class and attribute to registry.terraform.io pages, which do not exist
 * for this provider. One link in its output: what it names, and the docs/terraform.md section that
 * documents that instead.
 */
const REGISTRY_URL =
  /https:\/\/registry\.terraform\.io\/providers\/dsipform\/dsiprouter\/[^/\s#}]+\/docs(?:\/(resources|data-sources)\/([a-z0-9_]+))?/;

/**
 * @param {RegExpExecArray | string[]} m a match of REGISTRY_URL
 * @returns {{ kind: 'provider' | 'resource' | 'data source', name: string, anchor: string, where: string }}
 */
function target(m) {
  const kind = m[1] === 'resources' ? 'resource' : m[1] === 'data-sources' ? 'data source' : 'provider';
  const name = kind === 'provider' ? 'dsiprouter' : `dsiprouter_${m[2]}`;
  // GitHub's heading anchors: "## Resource dsiprouter_x" -> #resource-dsiprouter_x.
  const anchor = kind === 'provider' ? 'provider' : `${kind.replace(' ', '-')}-${name}`;
  return { kind, name, anchor, where: `${DOCS_FILE}#${anchor} in the dsipform package` };
}

/**
 * The schema's description of what a link names (the provider, a resource or a data source).
 * @param {any} schema the provider schema JSON
 * @param {ReturnType<typeof target>} t
 */
function describe(schema, t) {
  const provider = Object.values(schema.provider_schemas ?? {})[0] ?? {};
  const block =
    t.kind === 'provider'
      ? provider.provider?.block
      : (t.kind === 'resource' ? provider.resource_schemas : provider.data_source_schemas)?.[t.name]?.block;
  const text = block?.description;
  if (!text)
    throw new Error(
      `generate-cdktf: the schema has no description for the ${t.kind} ${t.name}; add one (it becomes the class's doc comment)`,
    );
  return text.replaceAll('*/', '* /');
}

const SOURCE = REGISTRY_URL.source;
/** Doc-comment rewrites: each replaces one shape of registry link the generator writes. */
const DOC_RULES = [
  {
    name: 'the file header link',
    pattern: new RegExp(`^// ${SOURCE}$`, 'gm'),
    replace: (schema, m) => `// Documentation: ${target(m).where}`,
  },
  {
    name: 'the class description',
    pattern: new RegExp(`^(\\s*)\\* Represents a \\{@link ${SOURCE} [a-z0-9_]+\\}$`, 'gm'),
    replace: (schema, m) => {
      const [, indent] = m;
      const t = target(m.slice(1));
      const what = t.kind === 'resource' ? 'every attribute, the import id and an example' : 'every attribute and an example';
      return `${indent}* ${describe(schema, t)}\n${indent}*\n${indent}* The Terraform ${t.kind} \`${t.name}\`: ${what} are in ${t.where}.`;
    },
  },
  {
    name: 'the constructor link',
    pattern: new RegExp(`\\* Create a new \\{@link ${SOURCE} [a-z0-9_]+\\} (?:Resource|Data Source|Provider)$`, 'gm'),
    replace: (schema, m) => {
      const t = target(m);
      return `* Create a new \`${t.name}\` ${t.kind} (${t.where})`;
    },
  },
  {
    name: 'the attribute links',
    pattern: new RegExp(`Docs at Terraform Registry: \\{@link ${SOURCE}#([a-z0-9_]+) [A-Za-z0-9_]+#[a-z0-9_]+\\}`, 'g'),
    replace: (schema, m) => `Documentation: ${DOCS_FILE}#${target(m).anchor} (\`${m[3]}\`) in the dsipform package`,
  },
  {
    name: 'the import id link',
    pattern: new RegExp(
      `Refer to the \\{@link ${SOURCE}#import import section\\} in the documentation of this resource for the id to use`,
      'g',
    ),
    replace: (schema, m) => {
      const t = target(m);
      return t.kind === 'resource'
        ? `Which id: "Import" under ${t.where}`
        : `A ${t.kind} is read, not imported: Terraform cannot import \`${t.name}\``;
    },
  },
];

/**
 * Replaces the generator's links to registry.terraform.io (pages that do not exist for this
 * provider) with the schema's descriptions and pointers to docs/terraform.md. Throws when a rule
 * matched nothing, or when a registry link is left.
 * @param {ReadonlyMap<string, string>} files path -> TypeScript source
 * @param {any} schema the provider schema JSON
 * @returns {Map<string, string>}
 */
export function rewriteDocLinks(files, schema) {
  const out = new Map(files);
  for (const rule of DOC_RULES) {
    let hits = 0;
    for (const [path, text] of out) {
      out.set(
        path,
        text.replace(rule.pattern, (...args) => {
          hits += 1;
          return rule.replace(schema, args.slice(0, -2));
        }),
      );
    }
    if (hits === 0)
      throw new Error(
        `generate-cdktf: the doc rule "${rule.name}" matched nothing; the generator output changed, so update DOC_RULES in scripts/generate-cdktf.mjs`,
      );
  }
  for (const [path, text] of out) {
    const left = /https?:\/\/registry\.terraform\.io[^\s}]*/.exec(text);
    if (left)
      throw new Error(`generate-cdktf: a link to ${left[0]} is left in ${path}; add a rule to DOC_RULES in scripts/generate-cdktf.mjs`);
    out.set(path, describeHelpers(path, text));
  }
  return out;
}

/** `FromPrefix` -> `from_prefix`: the Terraform name of a generated class-name part. */
const snake = (pascal) => pascal.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * Gives every exported class and interface of one binding a doc comment. The generator documents
 * only the main class (the resource, data source or provider); the config interface and the helper
 * types of nested attributes (`<Owner><Attr>`, `…OutputReference`, `…List`) get one that names the
 * Terraform attribute they stand for. Throws when a file has no main class, or when an exported
 * class or interface is still undocumented afterwards.
 * @param {string} path
 * @param {string} text after DOC_RULES
 * @returns {string}
 */
export function describeHelpers(path, text) {
  const main =
    /^\* The Terraform (resource|data source|provider) `([a-z0-9_]+)`: .* are in (\S+) in the dsipform package\.\n\*\/\nexport class (\w+) extends cdktf\.Terraform(?:Resource|DataSource|Provider) \{$/m.exec(
      text,
    );
  if (!main)
    throw new Error(
      `generate-cdktf: no resource, data source or provider class found in ${path}; update describeHelpers in scripts/generate-cdktf.mjs`,
    );
  const [, kind, name, where, owner] = main;
  const of = `the Terraform ${kind} \`${name}\` (${where} in the dsipform package)`;
  const doc = (line) => `/**\n* ${line}\n*/\n`;
  const out = text.replace(/^export (class|interface) (\w+)( extends [\w.]+)? \{$/gm, (decl, what, type) => {
    if (type === owner) return decl;
    if (type === `${owner}Config`) return `${doc(`The arguments of ${of}: what \`new ${owner}(scope, id, config)\` takes.`)}${decl}`;
    const nested = new RegExp(`^${owner}([A-Z]\\w*?)(OutputReference|List)?$`).exec(type);
    if (!nested) return decl;
    const attr = snake(nested[1]);
    const line =
      nested[2] === 'OutputReference'
        ? `A reference to \`${attr}\` (one element of it, when it is a list) of ${of}: its attributes read as Terraform expressions.`
        : nested[2] === 'List'
          ? `The list \`${attr}\` of ${of}: \`.get(index)\` reads one element.`
          : `The value of \`${attr}\` (one element of it, when it is a list) in ${of}, as plain values.`;
    return `${doc(line)}${decl}`;
  });
  for (const m of out.matchAll(/^export (?:class|interface) (\w+)/gm)) {
    const before = out.slice(0, m.index).trimEnd();
    if (!before.endsWith('*/'))
      throw new Error(`generate-cdktf: ${m[1]} in ${path} has no doc comment; update describeHelpers in scripts/generate-cdktf.mjs`);
  }
  return out;
}

const CDKTF_IMPORT = /^import \* as cdktf from 'cdktf';$/gm;
/** Comments and single- or double-quoted strings, which the rewrite leaves as they are, or the namespace. */
const CODE_TOKENS = /(\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")|\bcdktf\b(?=\.[A-Za-z_])/g;

/**
 * Rewrites one generated cdktf binding into a cdktn one: the import of the core package and the
 * namespace it is bound to (`cdktf.TerraformResource` -> `cdktn.TerraformResource`), outside
 * comments and strings; nothing else. This mirrors what @cdktn/provider-generator 0.24 emits for
 * the same schema (it differs only in comments and documentation URLs). Throws when the file
 * refers to cdktf in any other way, so the cdktn bindings can never load cdktf.
 * @param {string} text
 * @returns {string}
 */
export function rewriteForCdktn(text) {
  const imports = text.match(CDKTF_IMPORT)?.length ?? 0;
  if (imports > 1) throw new Error('rewriteForCdktn: more than one import of cdktf');
  let out = text.replace(CDKTF_IMPORT, "import * as cdktn from 'cdktn';");
  if (imports === 1) out = out.replace(CODE_TOKENS, (token, kept) => kept ?? 'cdktn');
  const left = /(?:from\s+|require\(\s*|import\(\s*)['"](?:cdktf|@cdktf\/[^'"]*)['"]/.exec(out);
  if (left) throw new Error(`rewriteForCdktn: a reference to cdktf is left: ${left[0]}`);
  const code = out.replace(CODE_TOKENS, (token, kept) => (kept === undefined ? token : ''));
  if (/\bcdktf\b/.test(code)) throw new Error('rewriteForCdktn: an identifier named cdktf is left outside comments and strings');
  return out;
}

/** The hand-written construct module (src/cdktf/, CommonJS like the bindings) both entries re-export. */
const POLICY_MODULE = 'dsipform-policy.cjs';

/**
 * The entry point of one flavour: every resource flat (`InboundMapping`), and as the namespaces
 * `cdktf get` lays out (`inboundMapping.InboundMapping`).
 * @param {readonly string[]} modules resource folder names, sorted
 * @param {'cdktf' | 'cdktn'} core
 */
function renderEntry(modules, core) {
  const camel = (s) => s.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  const lines = [
    '/**',
    ` * Constructs for the dsipform/dsiprouter Terraform provider, for ${core === 'cdktf' ? 'CDKTF (`cdktf`)' : 'CDK Terrain (`cdktn`)'}.`,
    ` * Import them from \`dsipform/${core}\`; they need the optional peer dependencies \`${core}\` and \`constructs\`.`,
    ' * Every class is exported by name (`InboundMapping`) and within a namespace per resource, as',
    ' * `cdktf get` lays them out (`inboundMapping.InboundMapping`). `DsipformPolicy` (hand-written, in',
    ' * src/cdktf/dsipform-policy.cts, one module for both cores) is the policy of `dsipform plan --cdktf`.',
    ' * @packageDocumentation',
    ' */',
    ...modules.map((m) => `export * from './${m}';`),
    ...modules.map((m) => `export * as ${camel(m)} from './${m}';`),
    `export * from '../../${POLICY_MODULE}';`,
    '',
  ];
  return lines.join('\n');
}

/**
 * @param {string} generatorVersion
 * @param {'cdktf' | 'cdktn'} core
 */
function header(generatorVersion, core) {
  const how =
    core === 'cdktf'
      ? `by @cdktf/provider-generator ${generatorVersion}`
      : `by @cdktf/provider-generator ${generatorVersion}, with the module 'cdktf' rewritten to 'cdktn'`;
  return `// Generated from schemas/provider.schema.json ${how}.\n// Do not edit: run \`npm run generate:cdktf\` (scripts/generate-cdktf.mjs).\n`;
}

/** @param {string} dir @returns {Promise<string[]>} relative paths with '/' separators, sorted */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) =>
      relative(dir, join(e.parentPath ?? e.path, e.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

/**
 * Loads the generator. @cdktf/commons acts on its environment when it is first loaded: it reports
 * telemetry unless CHECKPOINT_DISABLE is set, and runs `terraform version` (logging that command's
 * warnings to stdout) although generating bindings needs no Terraform; pointing
 * TERRAFORM_BINARY_NAME at a name that does not exist makes that a silent no-op. Both variables
 * are restored afterwards, so the caller's process (e.g. a test worker) is left as it was.
 */
function loadGenerator() {
  const saved = { CHECKPOINT_DISABLE: process.env.CHECKPOINT_DISABLE, TERRAFORM_BINARY_NAME: process.env.TERRAFORM_BINARY_NAME };
  process.env.CHECKPOINT_DISABLE = '1';
  process.env.TERRAFORM_BINARY_NAME = 'dsipform-generate-cdktf-needs-no-terraform';
  try {
    // The package entry fails to load (jsii-pacmak is not a declared dependency): use the
    // generator's own module, as `cdktf get` does internally.
    const { TerraformProviderGenerator } = require('@cdktf/provider-generator/lib/get/generator/provider-generator');
    const { CodeMaker } = require('codemaker');
    return { TerraformProviderGenerator, CodeMaker };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Runs @cdktf/provider-generator on a schema and returns the bindings as path -> contents,
 * without writing into the project.
 * @param {string} schemaPath
 * @returns {Promise<Map<string, string>>}
 */
export async function renderBindings(schemaPath = DEFAULT_SCHEMA) {
  const { TerraformProviderGenerator, CodeMaker } = loadGenerator();
  const generatorVersion = require('@cdktf/provider-generator/package.json').version;

  const schema = JSON.parse(await readFile(schemaPath, 'utf8'));
  const work = await mkdtemp(join(tmpdir(), 'dsipform-cdktf-gen-'));
  try {
    const generator = new TerraformProviderGenerator(new CodeMaker(), schema);
    generator.generateAll();
    await generator.save(work);
    const root = join(work, ...PROVIDER_FOLDER.split('/'));
    // Keep the resources' sources; the generator's index.ts (namespaces only, extension-less)
    // and lazy-index.ts (jsii's untyped lazy `require`) are replaced by renderEntry, and its
    // README.md files only link to registry pages that do not exist for this provider.
    const sources = new Map();
    for (const path of await listFiles(root)) {
      if (!/^[a-z0-9-]+\/index\.ts$/.test(path)) continue;
      sources.set(path, await readFile(join(root, path), 'utf8'));
    }
    if (sources.size === 0) throw new Error(`generate-cdktf: the generator wrote no resources under ${PROVIDER_FOLDER}`);
    const processed = rewriteDocLinks(postProcess(sources), schema);
    const modules = [...processed.keys()].map((p) => p.split('/')[0]).sort();

    const files = new Map();
    files.set('package.json', '{\n  "type": "commonjs"\n}\n');
    for (const core of /** @type {const} */ (['cdktf', 'cdktn'])) {
      const top = header(generatorVersion, core);
      for (const [path, text] of processed) {
        files.set(`${core}/${path}`, top + (core === 'cdktn' ? rewriteForCdktn(text) : text));
      }
      files.set(`${core}/index.ts`, top + renderEntry(modules, core));
    }
    return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Regenerates the bindings into outDir, replacing whatever was there.
 * @param {{ schemaPath?: string, outDir?: string }} [options]
 * @returns {Promise<string[]>} the written paths, relative to outDir
 */
export async function generateBindings({ schemaPath = DEFAULT_SCHEMA, outDir = DEFAULT_OUT_DIR } = {}) {
  const files = await renderBindings(schemaPath);
  await rm(outDir, { recursive: true, force: true });
  for (const [path, text] of files) {
    const target = join(outDir, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return [...files.keys()];
}

/** Lists the files under dir as relative paths, sorted (what the freshness test compares). */
export { listFiles };

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = await generateBindings();
  process.stdout.write(`generate-cdktf: wrote ${written.length} files to ${relative(process.cwd(), DEFAULT_OUT_DIR) || '.'}\n`);
}
