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
          types: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['srcRoot', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      against:
        "src/{{from}} may not import src/{{to}} ('{{spec}}'): {{from}} imports only {{allowed}}. Move what both need down a layer (see the layers in ARCHITECTURE.md).",
      typesOnly:
        "src/{{from}} may import only types from src/{{to}} ('{{spec}}'): write `import type`, and reach its values through the layer between (src/pipeline/ for the CLI; see the layers in ARCHITECTURE.md).",
      unknown:
        "src/{{layer}} is not a known layer ('{{spec}}'): add it, with the layers it may import, to LAYER_TABLE in eslint/layer-table.js.",
    },
  },
  create(context) {
    const { srcRoot, layers: table, types = {} } = context.options[0];
    const file = context.filename;
    const fromPath = relative(srcRoot, file);
    if (fromPath.startsWith('..')) return {};
    const from = layerOf(fromPath, table);

    /** `typeOnly`: the import or export names types alone (`import type`, `export type`, `import('…').T` in a type). */
    function check(source, typeOnly = false) {
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
      if ((types[from] ?? []).includes(to)) {
        if (!typeOnly) context.report({ node: source, messageId: 'typesOnly', data: { from, to, spec } });
        return;
      }
      context.report({
        node: source,
        messageId: 'against',
        data: { from, to, spec, allowed: allowed.length === 0 ? 'nothing else in src' : allowed.join(' | ') },
      });
    }

    /** Whether every name a declaration brings in is a type (`import type { A }`, or `import { type A, type B }`). */
    function typesAlone(node, kind, specifierKind) {
      if (node[kind] === 'type') return true;
      const specifiers = node.specifiers ?? [];
      return specifiers.length > 0 && specifiers.every((s) => s[specifierKind] === 'type');
    }

    return {
      ImportDeclaration: (node) => check(node.source, typesAlone(node, 'importKind', 'importKind')),
      ExportNamedDeclaration: (node) => check(node.source, typesAlone(node, 'exportKind', 'exportKind')),
      ExportAllDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument, true),
    };
  },
};

export default { meta: { name: 'dsipform-layers' }, rules: { layers } };
