import { Document, Scalar } from 'yaml';
import type { UnreadableCarrierField } from '../model/carrier-group.js';
import { readExport, type ExportRead } from '../pipeline/export.js';
import { passwordVariableFor } from '../model/kinds/carrier-group/fields.js';
import { count } from '../model/words.js';
import { writeFileAtomic } from './files.js';
import { writeLine, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';

/** What a group entry must say before a plan may change it, for each field the read could not know. */
function unreadLines(name: string, fields: readonly UnreadableCarrierField[]): string[] {
  return fields.map((f) =>
    f === 'lb_enabled'
      ? 'lb_enabled: false                 # or true'
      : `auth: none                        # or {type: userpwd, auth_username: "...", auth_domain: "...", auth_password: \${${passwordVariableFor(name)}}}`,
  );
}

/** The header's account of what the platform does not show, and what the user must supply. */
function unreadHeader(unread: ReadonlyMap<string, readonly UnreadableCarrierField[]>): string[] {
  const fields = [...new Set([...unread.values()].flat())];
  return [
    ` Not read: the platform's API does not show a carrier group's ${fields.join(' or ')} (the registration,`,
    ' password included), so the groups below leave them out. A plan that changes a group (its name or',
    " endpoints) is refused until its entry says them, because the platform's update writes them (leaving",
    ' auth out would clear the registration). Above each group: the lines to add; set the variable an',
    ' auth_password names in the environment of plan and apply.',
  ];
}

/** Puts the lines each carrier group must add (commented out) above its entry. */
function commentUnread(yaml: Document, unread: ReadonlyMap<string, readonly UnreadableCarrierField[]>): void {
  const seq = yaml.get('carrier_groups', true) as { items: { get(key: string): unknown; commentBefore?: string | null }[] } | undefined;
  for (const entry of seq?.items ?? []) {
    const name = String(entry.get('name'));
    const fields = unread.get(name);
    if (!fields) continue;
    entry.commentBefore = [
      ' not shown by the platform: say these before changing this group',
      ...unreadLines(name, fields).map((l) => `   ${l}`),
    ].join('\n');
  }
}

function toYaml({ doc, shared, dropped, unread, leftNumbers }: ExportRead, target: string): string {
  const yaml = new Document(doc);
  // Every string value is quoted, in every collection: DIDs, prefixes, ids and names may be all
  // digits (`0044` must not read back as a number), and a kind's module need not say which are.
  const deep = (node: unknown): void => {
    if (node instanceof Scalar && typeof node.value === 'string') node.type = Scalar.QUOTE_DOUBLE;
    else if (node && typeof node === 'object' && 'items' in node)
      for (const item of (node as { items: unknown[] }).items)
        deep(item && typeof item === 'object' && 'value' in item && !(item instanceof Scalar) ? item.value : item);
  };
  deep(yaml.contents);
  commentUnread(yaml, unread);
  const droppedLines = [
    ...[...dropped.mappings].map(([did, why]) => `   inbound mapping ${JSON.stringify(did)}: ${why}`),
    ...[...dropped.routes].map(([name, why]) => `   outbound route ${JSON.stringify(name)}: ${why}`),
  ];
  const numberLines = [...leftNumbers].map(([did, why]) => `   number ${JSON.stringify(did)}: ${why}`);
  const left = [...shared].map(([name, ids]) => `"${name}" (gwgroupids ${ids.join(', ')})`);
  yaml.commentBefore = [
    ` Exported by dsipform from ${target}.`,
    ' Planning this file against the same platform shows no changes.',
    ...(doc.carrier_groups?.some((g) => g.auth?.auth_password)
      ? [' Carrier-group passwords cannot be read back: set the variables auth_password names.']
      : []),
    ...(doc.endpoint_groups?.some((g) => g.auth?.auth_password)
      ? [' Endpoint-group passwords are never written here: set the variables auth_password names.']
      : []),
    ...(unread.size > 0 ? unreadHeader(unread) : []),
    ...(left.length > 0
      ? [` Left out: carrier groups that share a name, which an entry cannot tell apart: ${left.join(', ')}; policy.ignore keeps them.`]
      : []),
    ...(droppedLines.length > 0
      ? [' Left out: rules the proxy drops, which validate and plan refuse; policy.ignore keeps them as they are:', ...droppedLines]
      : []),
    ...(numberLines.length > 0
      ? [' Left out: numbers the file cannot declare as the platform holds them; policy.ignore keeps them:', ...numberLines]
      : []),
  ].join('\n');
  return yaml.toString({ lineWidth: 0 });
}

/** `dsipform export [--out FILE]`: the live state as a desired-state file, rules referring to groups by name where the name is unique. */
export async function runExport(flags: PlatformFlags & { out?: string }, io: CliIo): Promise<number> {
  const text = await withPlatform(flags, io, async (client, target) => {
    // The pipeline reads the platform and makes the document; cli writes it as YAML.
    const read = await readExport(client);
    const { dropped } = read;
    const n = dropped.mappings.size + dropped.routes.size;
    if (n > 0) {
      writeLine(
        io.stderr,
        `warning: the platform holds ${count(n, 'rule')} the proxy drops (${[
          dropped.mappings.size > 0 ? count(dropped.mappings.size, 'inbound mapping') : '',
          dropped.routes.size > 0 ? count(dropped.routes.size, 'outbound route') : '',
        ]
          .filter(Boolean)
          .join(', ')}): left out of the file and kept by its policy.ignore; the file's header lists them and why`,
      );
      writeLine(
        io.stderr,
        '  hint: add each to the file as it should be (servers: gateway ids only, or one group alone; groups that exist and hold gateways) and remove its ignore entry: the next apply puts it right',
      );
    }
    return toYaml(read, target);
  });
  if (flags.out) {
    await writeFileAtomic(flags.out, text);
    writeLine(io.stderr, `Wrote ${flags.out}.`);
  } else {
    io.stdout.write(text);
  }
  return 0;
}
