import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EmulatorSnapshot } from '../../../src/emulator/index.js';
import type { ProxyTools } from './tools.js';

const run = promisify(execFile);

/** A SQL string literal. */
function lit(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

function insert(table: string, columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  if (rows.length === 0) return '';
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${rows.map((r) => `  (${r.map(lit).join(', ')})`).join(',\n')};\n`;
}

/**
 * The rows the platform's database holds for an emulated platform, as SQL: `dr_gateways`,
 * `dr_gw_lists`, `dr_rules` (inbound mappings in group 9000 with their servers joined by `,`,
 * routes with their stored `#id`) and `dsip_lcr` (pattern → LCR group). A gateway's `attrs` starts
 * with its gwid, as the platform's own convention has it, which is how the harness's proxy names
 * the gateways it picked.
 */
export function platformRowsSql(snapshot: EmulatorSnapshot): string {
  const groups = snapshot.groups?.groups ?? [];
  const gateways = snapshot.groups?.gateways ?? [];
  return [
    // The platform's LCR table, with the two columns the proxy's htable loads.
    'CREATE TABLE dsip_lcr (pattern VARCHAR(128) PRIMARY KEY NOT NULL, from_prefix VARCHAR(64), dr_groupid VARCHAR(64) NOT NULL);\n',
    insert(
      'dr_gateways',
      ['gwid', 'type', 'address', 'strip', 'pri_prefix', 'attrs', 'description'],
      gateways.map((g) => [
        g.gwid,
        g.type,
        g.address,
        g.strip,
        g.prefix,
        `${g.gwid},${g.type}`,
        `name:${g.name},type:${g.type}${g.gwgroup === null ? '' : `,gwgroup:${g.gwgroup}`}`,
      ]),
    ),
    insert(
      'dr_gw_lists',
      ['id', 'gwlist', 'description'],
      groups.map((g) => [g.gwgroupid, g.gwlist.join(','), `type:${g.type},name:${g.name}`]),
    ),
    insert(
      'dr_rules',
      ['ruleid', 'groupid', 'prefix', 'timerec', 'priority', 'routeid', 'gwlist', 'description'],
      [
        ...snapshot.mappings.map((m) => [m.ruleid, '9000', m.did, '', 0, '', m.servers.join(','), `name:${m.notes}`] as const),
        ...snapshot.routes.map(
          (r) => [r.ruleid, String(r.groupid), r.prefix, r.timerec, r.priority, r.routeid, r.gwgroupid, `name:${r.name}`] as const,
        ),
      ],
    ),
    insert(
      'dsip_lcr',
      ['pattern', 'from_prefix', 'dr_groupid'],
      snapshot.lcr.map((l) => [l.pattern, l.from_prefix, String(l.groupid)]),
    ),
  ].join('');
}

/**
 * Writes a fresh SQLite database at `path`: Kamailio's own table definitions, then the rows (the
 * script is kept beside it as `path.sql`, to read when a case fails).
 */
export async function writePlatformDb(tools: ProxyTools, path: string, snapshot: EmulatorSnapshot): Promise<void> {
  const schema = await Promise.all(['standard-create.sql', 'drouting-create.sql'].map((f) => readFile(join(tools.schemaDir, f), 'utf8')));
  const script = `${path}.sql`;
  await writeFile(script, `BEGIN;\n${schema.join('\n')}\n${platformRowsSql(snapshot)}COMMIT;\n`);
  await run(tools.sqlite3, ['-bail', path, `.read '${script}'`]);
}
