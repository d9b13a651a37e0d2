// The layers of src/: the one source for the layer rule (eslint.config.js hands `LAYERS` to
// eslint/layers.js) and for the layer table in ARCHITECTURE.md, which scripts/generate-layer-docs.mjs
// writes from this file at build (test/tooling/layer-docs.test.ts fails while the two differ).
// Adding a layer is one row here; `npm run build` (or `node scripts/generate-layer-docs.mjs`)
// rewrites the document.

/**
 * @typedef {object} LayerRow
 * @property {string} layer the folder under src/ (`cdktf/reader`), or `index` for src/index.ts
 * @property {string[]} imports the layers it may import (a layer may always import itself)
 * @property {string[]} [types] the layers it may import types from only (`import type`): their
 *   values reach it through a layer between, never straight
 * @property {string} holds what it holds, one line of Markdown for ARCHITECTURE.md
 */

/**
 * Every layer, top of the document first. A folder of src/ missing here fails the lint at its first
 * import, and fails test/tooling/architecture.test.ts.
 * @type {LayerRow[]}
 */
export const LAYER_TABLE = [
  {
    layer: 'model',
    imports: [],
    holds: 'the data and the rules every layer shares: records, `keyOf`, fields, the plan types, errors; pure, no I/O',
  },
  {
    layer: 'routing',
    imports: ['model'],
    holds: 'the pure routing simulation: how the proxy picks a rule for a call, routing tests, lints and impact',
  },
  { layer: 'config', imports: ['model'], holds: 'the file loader: paths → YAML/JSON → schema → rules → `DesiredState`, or every issue' },
  {
    layer: 'plan',
    imports: ['model', 'routing'],
    holds: 'the pure planner: diff, order, safety, reference checks, routing impact, checksum, `buildPlan`, saved plans, export',
  },
  {
    layer: 'api',
    imports: ['model'],
    holds:
      "`PlatformClient`: one request choke point, typed `ApiError`; the kind modules' wire mapping bound to the requests (a bad record is an `ApiError`)",
  },
  { layer: 'apply', imports: ['plan', 'api', 'model'], holds: 'the I/O half: `readLive`, `applyPlan`, executing one change, leases' },
  {
    layer: 'pipeline',
    imports: ['apply', 'plan', 'routing', 'api', 'model'],
    holds:
      'read → plan → checks (references, lints, safety, staleness) → gate → apply, one composition (`runPipeline`) that returns a value, for the library (`planDesired`) and the CLI verbs, and the pipeline-layer steps every other verb calls (route, routes, test, export, saved plans, the apply step); the provider uses its checks of one rule; decides, never renders or asks',
  },
  {
    layer: 'render',
    // A gateway list's words are the proxy's grammar, worded once by the simulation (routing/gateway-words.ts).
    imports: ['model', 'routing'],
    holds: 'plan and apply report → text, markdown, JSON; the only place that knows colour',
  },
  { layer: 'state', imports: ['model'], holds: 'the local lease state file, with its lock' },
  { layer: 'tls', imports: ['model'], holds: 'the one self-signed certificate maker (the emulator, the provider’s AutoMTLS)' },
  { layer: 'emulator', imports: ['model', 'tls'], holds: 'the platform’s API over an in-memory store, with fault injection' },
  {
    layer: 'watch',
    imports: ['model'],
    holds:
      'the reconciler’s long-running parts (`dsipform watch`): the interval, `/metrics` (prom-client) and `/healthz`, webhook events and their queue',
  },
  {
    layer: 'terraform',
    imports: ['pipeline', 'model', 'api', 'tls'],
    holds: 'the tfplugin6 provider (an adapter over model/ and api/; its plan-time checks of a rule are the pipeline’s)',
  },
  { layer: 'cdktf/reader', imports: ['model'], holds: 'the reader of a synthesized stack (`cdk.tf.json`) into desired state' },
  { layer: 'cdktf/bindings', imports: [], holds: 'generated CDKTF constructs; nothing in the core imports them' },
  {
    layer: 'cli',
    imports: ['pipeline', 'config', 'render', 'state', 'api', 'emulator', 'model', 'cdktf/reader', 'watch'],
    // The verbs render what the pipeline returns: the planner, the simulation and the applier are
    // reached through it (issue 33), their types named where a verb renders them.
    types: ['apply', 'plan', 'routing'],
    holds:
      'the verbs (plan.ts, apply.ts, route.ts, …; watch in three files) beside the parts they share (options, connection, targets, io, confirm): parses, asks, renders; one catch site (main.ts) turns errors into exit codes',
  },
  {
    layer: 'index',
    imports: ['pipeline', 'apply', 'plan', 'routing', 'config', 'render', 'state', 'api', 'emulator', 'model', 'cdktf/reader', 'tls'],
    holds: "the public library API (`import … from 'dsipform'`); `dsipform/emulator` is the other entry",
  },
];

/** The layer rule's table: each layer and the layers it may import. */
export const LAYERS = Object.fromEntries(LAYER_TABLE.map((row) => [row.layer, row.imports]));

/** The layer rule's second table: each layer and the layers it may import types from only. */
export const TYPE_LAYERS = Object.fromEntries(LAYER_TABLE.filter((row) => row.types).map((row) => [row.layer, row.types]));
