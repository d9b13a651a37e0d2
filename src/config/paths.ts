import { readdir, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { ConfigIssue } from '../model/desired.js';
import { issueAt } from './issue.js';

/** A desired-state file to read: its name as the user wrote it, and where it is. */
export interface InputFile {
  readonly file: string;
  readonly abs: string;
}

/** The files behind the given paths, or an issue per path that names none. */
export interface ExpandedPaths {
  readonly files: readonly InputFile[];
  readonly issues: readonly ConfigIssue[];
  /** Every name an issue may carry, in the order the paths were given (for sorting). */
  readonly order: readonly string[];
}

const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** True for a name dsipform reads: `.yaml`, `.yml` or `.json` (any case). */
function isDesiredStateName(name: string): boolean {
  return EXTENSIONS.has(extname(name).toLowerCase());
}

/**
 * Expands paths into files: a file stands for itself; a directory for its `*.yaml|*.yml|*.json`
 * files (not recursive, hidden files skipped, sorted by name). A file reached twice is read once.
 * A missing path, an empty directory or another extension is an issue at line 1, column 1 of it.
 */
export async function expandPaths(paths: readonly string[], cwd: string): Promise<ExpandedPaths> {
  const files: InputFile[] = [];
  const issues: ConfigIssue[] = [];
  const order: string[] = [];
  const seen = new Set<string>();
  const add = (file: string, abs: string): void => {
    order.push(file);
    if (seen.has(abs)) return;
    seen.add(abs);
    files.push({ file, abs });
  };
  for (const given of paths) {
    order.push(given);
    const abs = resolve(cwd, given);
    const at = { file: given, line: 1, col: 1 };
    let isDir: boolean;
    try {
      isDir = (await stat(abs)).isDirectory();
    } catch (err) {
      issues.push(issueAt(at, statProblem(err), 'check the path; a relative path is read from the current directory'));
      continue;
    }
    if (!isDir) {
      if (isDesiredStateName(given)) add(given, abs);
      else issues.push(issueAt(at, 'not a .yaml, .yml or .json file', 'name desired-state files *.yaml, *.yml or *.json'));
      continue;
    }
    const names = await listDirectory(abs);
    if (names === null) {
      issues.push(issueAt(at, 'cannot read this directory', 'check its permissions'));
      continue;
    }
    if (names.length === 0) {
      const hint = 'add a desired-state file to it, or pass the files themselves';
      issues.push(issueAt(at, 'directory holds no *.yaml, *.yml or *.json file', hint));
      continue;
    }
    const base = given.endsWith('/') || given.endsWith(sep) ? given : `${given}${sep}`;
    for (const name of names) add(`${base}${name}`, resolve(abs, name));
  }
  return { files, issues, order };
}

async function listDirectory(abs: string): Promise<string[] | null> {
  try {
    const entries = await readdir(abs, { withFileTypes: true });
    return entries
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && !e.name.startsWith('.') && isDesiredStateName(e.name))
      .map((e) => e.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return null;
  }
}

function statProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot read this path (${code ?? String(err)})`;
}
