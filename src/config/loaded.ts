import type { ConfigIssue, SourceLocation } from '../model/desired.js';
import { pathKey, type FileData } from './data.js';
import { issueAt } from './issue.js';
import type { Path } from './locate.js';

/** A file that was read: its name, where its paths are written (for issues), and its data (for checks). */
export interface LoadedFile {
  /** The name as the user gave it (relative stays relative). */
  readonly file: string;
  /** Where a path of the data is written: the value's node, or with `key` the key's node (`locate()`). */
  readonly locate: (path: Path, key: boolean) => SourceLocation;
  readonly data: FileData;
}

/** Where a path of the file is: the value's node, or with `key` the key's node. */
export function at(file: LoadedFile, path: Path, key = false): SourceLocation {
  return file.locate(path, key);
}

/** An issue at a path of the file. */
export function issueOn(file: LoadedFile, path: Path, message: string, hint: string, key = false): ConfigIssue {
  return issueAt(at(file, path, key), message, hint);
}

/** True when the string at a path names an unset variable (reported already; skip its checks). */
export function isUnresolved(file: LoadedFile, path: Path): boolean {
  return file.data.unresolved.size > 0 && file.data.unresolved.has(pathKey(path));
}

/** Variable names that look like they hold a secret: their values are never shown in a message. */
const SECRET_NAME = /SECRET|TOKEN|PASS|KEY|CREDENTIAL|AUTH|PRIVATE/i;
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Where a string that took environment variables came from, and whether its value may be shown. */
interface Origin {
  /** `${MY_DID}` when the file wrote the variable alone, else the text as written, quoted. */
  readonly source: string;
  /** The text as written, quoted: what a message shows instead of a secret value. */
  readonly raw: string;
  readonly secret: boolean;
}

function originOf(file: LoadedFile, path: Path): Origin | undefined {
  const raw = writtenText(file, path);
  if (raw === undefined) return undefined;
  const names = [...raw.matchAll(REFERENCE)].map((m) => m[1] as string);
  const source = names.length === 1 && raw === `\${${names[0]}}` ? raw : JSON.stringify(raw);
  return { source, raw: JSON.stringify(raw), secret: names.some((name) => SECRET_NAME.test(name)) };
}

/**
 * A value quoted for a message. A string that took environment variables is shown with where it
 * came from: `"12a" (from ${MY_DID})`, or `"+155x" (from "+1${AREA}")` when the file wrote more
 * around the variable. When a variable's name looks secret (TOKEN, PASSWORD, SECRET, KEY, …) only
 * the text as written is shown (`"${API_TOKEN}"`), never the value.
 */
export function shown(file: LoadedFile, path: Path, value: string): string {
  const origin = originOf(file, path);
  if (origin === undefined) return JSON.stringify(value);
  return origin.secret ? origin.raw : `${JSON.stringify(value)} (from ${origin.source})`;
}

/** The string at a path as the file wrote it when it took environment variables, else the value. */
export function written(file: LoadedFile, path: Path, value: string): string {
  return writtenText(file, path) ?? value;
}

function writtenText(file: LoadedFile, path: Path): string | undefined {
  return file.data.substituted.size > 0 ? file.data.substituted.get(pathKey(path)) : undefined;
}

/**
 * A rule's sentence about a value, saying where the value came from when it took environment
 * variables (`shown()`). Rules quote values as `"v"` or JSON; a sentence that does not quote the
 * value gets it added at the end: `notes may not contain "," ("a,b" from ${NOTES})`.
 */
export function redacted(file: LoadedFile, path: Path, value: string, sentence: string): string {
  const origin = originOf(file, path);
  if (origin === undefined) return sentence;
  const safe = shown(file, path, value);
  const forms = [...new Set([`"${value}"`, JSON.stringify(value)])];
  if (forms.some((form) => sentence.includes(form))) return forms.reduce((text, form) => text.split(form).join(safe), sentence);
  return `${sentence} (${origin.secret ? '' : `${JSON.stringify(value)} `}from ${origin.source})`;
}
