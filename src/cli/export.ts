import { Document, Scalar } from 'yaml';
import { exportDocument } from '../plan/export.js';
import { writeFileAtomic } from './files.js';
import { writeLine, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';

/** Fields whose values are dial strings or ids: always quoted, so `0044` never reads back as a number. */
const QUOTED = new Set([
  'did',
  'prefix',
  'from_prefix',
  'gwgroupid',
  'servers',
  'notes',
  'name',
  'timerec',
  'routeid',
  'group',
  'carrier_group',
]);

function toYaml(doc: ReturnType<typeof exportDocument>, target: string): string {
  const yaml = new Document(doc);
  const quote = (node: unknown): void => {
    if (node instanceof Scalar && typeof node.value === 'string') node.type = Scalar.QUOTE_DOUBLE;
    else if (node && typeof node === 'object' && 'items' in node) for (const item of (node as { items: unknown[] }).items) quote(item);
  };
  for (const collection of ['inbound_mappings', 'outbound_routes']) {
    const seq = yaml.get(collection, true) as { items: { items: { key: Scalar; value: unknown }[] }[] } | undefined;
    for (const entry of seq?.items ?? []) for (const pair of entry.items) if (QUOTED.has(String(pair.key.value))) quote(pair.value);
  }
  yaml.commentBefore = ` Exported by dsipform from ${target}.\n Planning this file against the same platform shows no changes.`;
  return yaml.toString({ lineWidth: 0 });
}

/** `dsipform export [--out FILE]`: the live state as a desired-state file, rules referring to groups by name where the name is unique. */
export async function runExport(flags: PlatformFlags & { out?: string }, io: CliIo): Promise<number> {
  const text = await withPlatform(flags, io, async (client, target) => {
    const [mappings, routes, carriers, endpoints] = await Promise.all([
      client.listInboundMappings(),
      client.listOutboundRoutes(),
      client.listCarrierGroups(),
      client.listEndpointGroups(),
    ]);
    return toYaml(exportDocument(mappings, routes, [...carriers, ...endpoints]), target);
  });
  if (flags.out) {
    await writeFileAtomic(flags.out, text);
    writeLine(io.stderr, `Wrote ${flags.out}.`);
  } else {
    io.stdout.write(text);
  }
  return 0;
}
