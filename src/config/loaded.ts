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
  /**
   * Where entry `index` of the top-level list `collection` is written, the same as
   * `locate([collection, index], false)`: a file the fast reader read finds it without building a
   * path (the desired state places each of a big file's tens of thousands of entries).
   */
  readonly entryAt?: (collection: string, index: number) => SourceLocation;
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
  // Both forms in one pass: replacing one after the other would find the second inside what replaced the first.
  const text = forms.some((form) => sentence.includes(form))
    ? sentence.replace(new RegExp(forms.map(escapeRegExp).join('|'), 'g'), () => safe)
    : `${sentence} (${origin.secret ? '' : `${JSON.stringify(value)} `}from ${origin.source})`;
  if (!origin.secret) return text;
  // A rule may quote a part of the value too (a timerec's dtstart, one of its fields): if any part
  // of what a secret-looking variable gave shows, say what is wrong without the details.
  const secrets = secretParts(writtenText(file, path) ?? '', value);
  // The text as written (`"${SECRET_NAME}"`) is what stands for the value: not a leak, whatever it spells.
  const rest = text.split(safe).join('');
  if (!secrets.some((secret) => shows(rest, secret))) return text;
  return `${String(path[path.length - 1])} ${origin.raw} is not valid (the details would show a part of its value, which comes from a variable whose name looks secret)`;
}

/**
 * What the secret-looking variables gave in a string written `raw` that reads `value`: the text
 * each `${NAME}` stands for, found by matching the written text, its variables as wildcards, against
 * the value. When that cannot tell them apart (no match, or several variables), all of the value.
 */
function secretParts(raw: string, value: string): string[] {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const m of raw.matchAll(/\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    pattern += escapeRegExp(raw.slice(last, m.index));
    if (m[1] === undefined) pattern += escapeRegExp('${');
    else {
      pattern += '([\\s\\S]*?)';
      names.push(m[1]);
    }
    last = m.index + m[0].length;
  }
  pattern += escapeRegExp(raw.slice(last));
  const found = new RegExp(`^${pattern}$`).exec(value);
  // Two variables side by side cannot be told apart (the split is a guess): all of it is secret then.
  if (!found || (names.length > 1 && names.some((name) => SECRET_NAME.test(name)))) return [value];
  return names.flatMap((name, i) => (SECRET_NAME.test(name) && found[i + 1] ? [found[i + 1] as string] : []));
}

/** Whether `text` shows `secret` or any four characters of it in a row. */
function shows(text: string, secret: string): boolean {
  if (secret.length <= 4) return text.includes(secret);
  for (let i = 0; i + 4 <= secret.length; i++) if (text.includes(secret.slice(i, i + 4))) return true;
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
