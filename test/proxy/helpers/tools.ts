import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The Debian packages the proxy suite needs, as one install command. */
export const INSTALL_COMMAND = 'apt-get install -y kamailio kamailio-sqlite-modules faketime sqlite3';

/** Where the programs and the clock library the proxy suite runs were found. */
export interface ProxyTools {
  readonly kamailio: string;
  readonly sqlite3: string;
  /** libfaketime, preloaded into Kamailio to fix its clock at each instant. */
  readonly libfaketime: string;
  /** The db_sqlite module, in the module directory Kamailio was built with. */
  readonly sqliteModule: string;
  /** Kamailio's own SQLite table definitions (`standard-create.sql`, `drouting-create.sql`). */
  readonly schemaDir: string;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program on PATH, or in the sbin directories a non-root PATH often lacks. */
function program(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) if (dir && executable(join(dir, name))) return join(dir, name);
  return null;
}

/** A file under /usr/lib/<multiarch>/<sub>/ or /usr/lib/<sub>/ (Debian's layouts). */
function libraryFile(sub: string, file: string): string | null {
  const roots = ['/usr/lib', '/usr/lib64', '/usr/local/lib'];
  for (const root of roots) {
    if (existsSync(join(root, sub, file))) return join(root, sub, file);
    let entries: string[];
    try {
      entries = readdirSync(root);
    } catch {
      continue;
    }
    for (const arch of entries) if (existsSync(join(root, arch, sub, file))) return join(root, arch, sub, file);
  }
  return null;
}

/**
 * The tools the proxy suite needs, or the list of what is missing. Nothing is run: the suite
 * decides from this whether to run, skip (one line saying how to install them) or, under CI, fail.
 */
export function findProxyTools(): ProxyTools | { missing: string[] } {
  const kamailio = program('kamailio');
  const sqlite3 = program('sqlite3');
  const libfaketime = libraryFile('faketime', 'libfaketime.so.1');
  const sqliteModule = libraryFile('kamailio/modules', 'db_sqlite.so');
  const schemaDir = ['/usr/share/kamailio/db_sqlite', '/usr/local/share/kamailio/db_sqlite'].find((d) =>
    existsSync(join(d, 'drouting-create.sql')),
  );
  const missing = [
    ...(kamailio ? [] : ['kamailio']),
    ...(sqliteModule && schemaDir ? [] : ['kamailio-sqlite-modules']),
    ...(libfaketime ? [] : ['faketime']),
    ...(sqlite3 ? [] : ['sqlite3']),
  ];
  if (kamailio && sqlite3 && libfaketime && sqliteModule && schemaDir) return { kamailio, sqlite3, libfaketime, sqliteModule, schemaDir };
  return { missing };
}

/**
 * Whether the proxy suite runs: with every tool present, yes; without them it is skipped with one
 * line saying how to install them, except under CI (`CI=true`), where a missing tool fails the run
 * (CI installs them, so a missing one is a broken CI, not a reason to skip).
 */
export function proxySuitePlan(): { run: true; tools: ProxyTools } | { run: false; reason: string } {
  const found = findProxyTools();
  if (!('missing' in found)) return { run: true, tools: found };
  const missing = `${found.missing.join(', ')} not installed (install with: ${INSTALL_COMMAND})`;
  if (process.env.CI === 'true') throw new Error(`the proxy differential suite cannot run under CI=true: ${missing}`);
  const reason = `proxy differential suite skipped: ${missing}`;
  return { run: false, reason };
}
