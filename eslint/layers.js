// The layer rule: an import inside src/ may only follow an allowed edge between layers (see
// ARCHITECTURE.md; the table of edges is LAYER_TABLE in eslint/layer-table.js).
//
// A local rule rather than core `no-restricted-imports`: that rule matches the import's text, so
// `../api/client.js` names src/api from src/plan/diff.ts but src/emulator/api from a file one
// folder deeper. This rule resolves each relative import against the importing file first, so the
// one table says the whole rule, whatever the depth of the file.
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The layer of a path relative to src/: the longest key of `layers` that is the path or a folder
 * above it (so `cdktf/reader` and `cdktf/bindings` are layers of their own); otherwise its first
 * folder, or for a file directly in src/ its name without extension (`index`).
 */
export function layerOf(pathInSrc, layers) {
  const parts = pathInSrc.split(sep).join('/').split('/');
  for (let n = parts.length; n > 0; n--) {
    const key = parts.slice(0, n).join('/');
    if (Object.hasOwn(layers, key)) return key;
  }
  return parts.length === 1 ? parts[0].replace(/\.[cm]?[jt]sx?$/, '') : parts[0];
}

/** The source file a `.js` specifier names (this repository imports `./x.js` for `./x.ts`). */
function sourceOf(target) {
  return target.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts');
}

/** @type {import('eslint').Rule.RuleModule} */
export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'an import inside src/ follows an allowed edge between layers' },
    schema: [
      {
        type: 'object',
        properties: {
          srcRoot: { type: 'string' },
          layers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['srcRoot', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      against:
        "src/{{from}} may not import src/{{to}} ('{{spec}}'): {{from}} imports only {{allowed}}. Move what both need down a layer (see the layers in ARCHITECTURE.md).",
      unknown:
        "src/{{layer}} is not a known layer ('{{spec}}'): add it, with the layers it may import, to LAYER_TABLE in eslint/layer-table.js.",
    },
  },
  create(context) {
    const { srcRoot, layers: table } = context.options[0];
    const file = context.filename;
    const fromPath = relative(srcRoot, file);
    if (fromPath.startsWith('..')) return {};
    const from = layerOf(fromPath, table);

    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const toPath = relative(srcRoot, sourceOf(resolve(dirname(file), spec)));
      if (toPath.startsWith('..')) return; // package.json, schemas/: outside the layers
      const to = layerOf(toPath, table);
      if (to === from) return;
      for (const layer of [from, to]) {
        if (!Object.hasOwn(table, layer)) {
          context.report({ node: source, messageId: 'unknown', data: { layer, spec } });
          return;
        }
      }
      const allowed = table[from];
      if (allowed.includes(to)) return;
      context.report({
        node: source,
        messageId: 'against',
        data: { from, to, spec, allowed: allowed.length === 0 ? 'nothing else in src' : allowed.join(' | ') },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

export default { meta: { name: 'dsipform-layers' }, rules: { layers } };
