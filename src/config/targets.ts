import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Node } from 'yaml';
import type { ConfigIssue } from '../model/desired.js';
import { zoneProblem } from '../model/time/time-zone.js';
import { looksLikeValue, VALUE_NOT_NAME } from '../model/env-names.js';
import { credentialsProblem, platformKey, shownUrl } from '../model/platform-url.js';
import { issueAt } from './issue.js';
import { parseSource, positionOf, type SourceFile } from './source.js';
import { isMap, isScalar, isSeq } from './yaml-lib.js';

/** One platform a targets file names. Holds the names of where its token is, never the token. */
export interface Target {
  readonly name: string;
  readonly url: string;
  /** Where the token is: an environment variable's name, or a file's path (resolved like `paths`). */
  readonly token: { readonly env?: string; readonly file?: string };
  readonly api_profile?: 'spec' | 'current';
  /** The shared paths, then the target's own, resolved against the targets file's folder. */
  readonly paths: readonly string[];
  /** Values for `${NAME}` in this target's files; they beat the environment's (as tfvars do). */
  readonly vars: Readonly<Record<string, string>>;
  /** The lease state file of this target (and so its lock): `state:`, or one per target beside the targets file. */
  readonly state: string;
  /**
   * The zone of this platform's proxy (`timezone:`, an IANA name): it beats the files'
   * `proxy.timezone`, and `--tz` beats it.
   */
  readonly timezone?: string;
}

/** The targets file's default name, looked for in the working directory. */
export const DEFAULT_TARGETS_FILE = 'dsipform.targets.yaml';

/** A read targets file: every target in the order written, or every problem with FILE:LINE:COL. */
export type TargetsResult = { ok: true; file: string; targets: readonly Target[] } | { ok: false; issues: readonly ConfigIssue[] };

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOP_KEYS = new Set(['targets', 'paths', 'vars']);
const TARGET_KEYS = new Set(['url', 'token', 'api_profile', 'paths', 'vars', 'state', 'timezone']);
const TOKEN_HINT =
  'Name where the token is kept, never the token: token: { env: DSIP_TOKEN_STAGING } (a CI secret) or token: { file: /run/secrets/staging-token }. A token that was written in a file should be rotated.';

/** Collects the issues of one file, each at the node it is about. */
class Checker {
  readonly issues: ConfigIssue[] = [];
  constructor(readonly source: SourceFile) {}
  at(node: unknown, message: string, hint: string): void {
    const range = (node as Node | undefined)?.range;
    const loc = positionOf(this.source, range ? range[0] : 0);
    this.issues.push(issueAt(loc, message, hint));
  }
}

/** A scalar's text (numbers as written), or null when the node is not a scalar. */
function text(node: unknown): string | null {
  if (!isScalar(node) || node.value === null || typeof node.value === 'object') return null;
  return typeof node.value === 'string' ? node.value : (node.source ?? String(node.value));
}

/** The pairs of a mapping node as [key text, key node, value node]. */
function pairs(node: unknown): [string, unknown, unknown][] {
  if (!isMap(node)) return [];
  return node.items.map((p) => [text(p.key) ?? '', p.key, p.value]);
}

function checkKeys(c: Checker, node: unknown, allowed: ReadonlySet<string>, where: string): void {
  for (const [key, keyNode] of pairs(node)) {
    const what = looksLikeValue(key) ? 'a setting that looks like a value (not shown)' : `no setting "${key}"`;
    if (!allowed.has(key)) c.at(keyNode, `${where} has ${what}`, `The settings are: ${[...allowed].join(', ')}.`);
  }
}

function readPaths(c: Checker, node: unknown, base: string, where: string): string[] {
  if (node === undefined) return [];
  const items = isSeq(node) ? node.items : [node];
  const out: string[] = [];
  for (const item of items) {
    const value = text(item);
    if (value === null || value === '') {
      c.at(item, `${where} paths: each entry is a file or directory`, 'For example paths: [shared/, staging/].');
      continue;
    }
    const path = resolve(base, value);
    // The targets file's folder (or one above it) would read the targets file as configuration.
    if (path === base || base.startsWith(path + sep) || path === resolve(c.source.file)) {
      c.at(
        item,
        `${where} paths: "${value}" holds the targets file itself`,
        'Keep the configuration in folders of its own: paths: [shared/, staging/].',
      );
      continue;
    }
    out.push(shown(path));
  }
  return out;
}

/** A path as output shows it: relative to the working directory when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? resolve(path) : rel;
}

function readVars(c: Checker, node: unknown, where: string): Record<string, string> {
  const vars: Record<string, string> = {};
  if (node === undefined) return vars;
  if (!isMap(node)) {
    c.at(node, `${where} vars: is a mapping of NAME: value`, 'For example vars: { REGION: eu-west }.');
    return vars;
  }
  for (const [key, keyNode, value] of pairs(node)) {
    const v = text(value);
    if (!VAR_NAME.test(key)) c.at(keyNode, `${where} vars: "${key}" is not a variable name`, 'Use letters, digits and _, as ${NAME} does.');
    else if (v === null) c.at(value ?? keyNode, `${where} vars: ${key} is not a single value`, 'Give a string or a number.');
    else vars[key] = v;
  }
  return vars;
}

/** The token's where-abouts; a token written in the file is an issue that never repeats its value. */
function readToken(c: Checker, node: unknown, keyNode: unknown, base: string, where: string): Target['token'] | null {
  if (node === undefined) {
    c.at(keyNode, `${where} has no token: setting`, TOKEN_HINT);
    return null;
  }
  if (!isMap(node)) {
    c.at(node, `${where} token: holds a value; the targets file may only say where the token is kept`, TOKEN_HINT);
    return null;
  }
  const found = pairs(node);
  const env = found.find(([k]) => k === 'env');
  const file = found.find(([k]) => k === 'file');
  const other = found.find(([k]) => k !== 'env' && k !== 'file');
  if (other) {
    // `token: { <the token> }` is a mapping whose one key is the token: never repeated.
    const what = looksLikeValue(other[0]) ? 'a key that looks like a value (not shown)' : `"${other[0]}"`;
    c.at(other[1], `${where} token: has ${what}; the targets file may only say where the token is kept`, TOKEN_HINT);
    return null;
  }
  if ((env === undefined) === (file === undefined)) {
    c.at(node, `${where} token: needs exactly one of env: or file:`, TOKEN_HINT);
    return null;
  }
  if (env) {
    const name = text(env[2]);
    // Refused here, so that no later "variable … is not set" message repeats a pasted token.
    if (name === null || !VAR_NAME.test(name) || looksLikeValue(name)) {
      const what = name !== null && VAR_NAME.test(name) ? VALUE_NOT_NAME : 'is not the name of an environment variable';
      c.at(env[2], `${where} token.env: ${what}`, `${TOKEN_HINT} (Not the token's value.)`);
      return null;
    }
    return { env: name };
  }
  const path = text(file![2]);
  if (path === null || path === '') {
    c.at(file![2], `${where} token.file: is not a path`, TOKEN_HINT);
    return null;
  }
  return { file: isAbsolute(path) ? path : resolve(base, path) };
}

function readUrl(c: Checker, node: unknown, keyNode: unknown, where: string): string | null {
  const url = text(node);
  if (url === null) {
    c.at(node ?? keyNode, `${where} has no url:`, 'For example url: https://sip.example.com:5000.');
    return null;
  }
  const credentials = credentialsProblem(url);
  if (credentials) {
    c.at(
      node,
      `${where} url: ${credentials}`,
      'Remove user:password@ from the URL. The API token is the one credential dsipform sends: token: { env: NAME } or token: { file: PATH }. A password that was written in the file should be changed.',
    );
    return null;
  }
  let ok: boolean;
  try {
    ok = ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    ok = false;
  }
  if (!ok) c.at(node, `${where} url: "${shownUrl(url)}" is not an http:// or https:// URL`, 'Use the form https://host:5000.');
  return ok ? url : null;
}

/** `timezone:`: a zone this machine knows, or an issue at the value (the one wording, model/time/time-zone.ts). */
function readZone(c: Checker, node: unknown, where: string): string | undefined {
  if (node === undefined) return undefined;
  const zone = text(node);
  const problem = zone === null || zone === '' ? `${where} timezone: is not a zone name` : zoneProblem(zone, `${where} timezone:`);
  if (problem !== null)
    c.at(node, problem, "Write the IANA name of the proxy host's zone: timezone: America/Chicago (or Europe/London, UTC).");
  return problem === null && zone !== null ? zone : undefined;
}

function readTarget(
  c: Checker,
  name: string,
  keyNode: unknown,
  node: unknown,
  shared: { paths: string[]; vars: Record<string, string> },
  base: string,
): Target | null {
  const where = `target "${name}"`;
  if (!NAME.test(name) || name === 'all') {
    c.at(
      keyNode,
      `${where}: a target name is letters, digits, - and _, and not "all"`,
      'It names files and --target, e.g. staging, eu-west.',
    );
    return null;
  }
  if (!isMap(node)) {
    c.at(node ?? keyNode, `${where} is not a mapping`, 'Give url:, token: and paths: under the name.');
    return null;
  }
  checkKeys(c, node, TARGET_KEYS, where);
  const get = (k: string): unknown => node.get(k, true);
  const before = c.issues.length;
  const url = readUrl(c, get('url'), keyNode, where);
  const token = readToken(c, get('token'), keyNode, base, where);
  const profile = text(get('api_profile'));
  if (get('api_profile') !== undefined && profile !== 'spec' && profile !== 'current')
    c.at(get('api_profile'), `${where} api_profile: is spec or current`, 'Leave it out to detect the profile.');
  const paths = [...shared.paths, ...readPaths(c, get('paths'), base, where)];
  if (paths.length === 0)
    c.at(keyNode, `${where} has no files`, 'Add paths: [dir/] to the target, or shared paths: at the top of the file.');
  const vars = { ...shared.vars, ...readVars(c, get('vars'), where) };
  const stateText = text(get('state'));
  const state = stateText ? resolve(base, stateText) : join(base, '.dsipform', 'targets', `${name}.state.json`);
  const timezone = readZone(c, get('timezone'), where);
  if (c.issues.length > before || url === null || token === null) return null;
  return {
    name,
    url,
    token,
    ...(profile === 'spec' || profile === 'current' ? { api_profile: profile } : {}),
    paths,
    vars,
    state,
    ...(timezone !== undefined ? { timezone } : {}),
  };
}

/** Checks a targets file's text: every problem, each at FILE:LINE:COL, or the targets in order. */
export function parseTargets(file: string, body: string): TargetsResult {
  const parsed = parseSource(file, body);
  if (!parsed.source || parsed.issues.length > 0) return { ok: false, issues: parsed.issues };
  const c = new Checker(parsed.source);
  const top = parsed.source.doc.contents;
  const base = dirname(resolve(file));
  if (!isMap(top)) {
    c.at(top, 'a targets file is a mapping with targets:', 'Start with targets: and one name per platform.');
    return { ok: false, issues: c.issues };
  }
  checkKeys(c, top, TOP_KEYS, 'the targets file');
  const shared = { paths: readPaths(c, top.get('paths', true), base, 'shared'), vars: readVars(c, top.get('vars', true), 'shared') };
  const list = top.get('targets', true);
  const entries = pairs(list);
  if (entries.length === 0)
    c.at(
      list ?? top,
      'the targets file names no target under targets:',
      'Add one: targets: { staging: { url: …, token: { env: … }, paths: [ … ] } }.',
    );
  const targets = entries.map(([name, keyNode, value]) => readTarget(c, name, keyNode, value, shared, base));
  checkOnePlatformEach(
    c,
    targets.map((t, i) => [t, entries[i]![2]]),
  );
  if (c.issues.length > 0) return { ok: false, issues: c.issues };
  return { ok: true, file, targets: targets.filter((t): t is Target => t !== null) };
}

/**
 * Refuses two targets that name one platform (one host, loopback names as one, port and path alike):
 * `--target all` would run both at once, each undoing the other's changes under its own lock and
 * lease state. The issue is at the later target's url:, naming the earlier one.
 */
function checkOnePlatformEach(c: Checker, targets: readonly [Target | null, unknown][]): void {
  const first = new Map<string, Target>();
  for (const [target, node] of targets) {
    const key = target ? platformKey(target.url) : null;
    if (!target || key === null) continue;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, target);
      continue;
    }
    c.at(
      isMap(node) ? node.get('url', true) : node,
      `target "${target.name}" url: ${target.url} is the platform of target "${earlier.name}" (${earlier.url}); two targets on one platform undo each other's changes`,
      `Keep one target per platform: give "${earlier.name}" the files of both in its paths:, or point "${target.name}" at its own platform.`,
    );
  }
}

/** Reads a targets file; a file that cannot be read is returned as an issue naming it. */
export async function readTargets(file: string): Promise<TargetsResult> {
  let body: string;
  try {
    body = await readFile(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    const hint = `Write ${DEFAULT_TARGETS_FILE} in the working directory (see examples/targets/), or name one with --targets FILE.`;
    return { ok: false, issues: [{ file: '', line: 0, col: 0, message: `cannot read the targets file ${file} (${reason})`, hint }] };
  }
  return parseTargets(file, body);
}
