import type { ConfigIssue } from '../../model/desired.js';
import { BUILTIN_INVARIANTS, invariantProblems, toInvariant, type Invariant, type InvariantDestination } from '../../model/invariant.js';
import { locate, type StackFile } from './locate.js';
import { POLICY_KEY } from './read-policy.js';

/**
 * The stack's routing invariants: what `DsipformPolicy`'s `invariants` writes beside its policy
 * under the top-level `//` (`{"path": …, "policy": {…}, "invariants": [{"never": {"direction":
 * "outbound", "to_prefix": "1900"}}]}`), held to the rules of the files' `invariants:` (the shape
 * of schemas/dsipform.schema.json's `invariant`, then model/invariant.ts `invariantProblems`);
 * each problem names the construct path and the construct's own key (`invariants[0].never.toPrefix`),
 * at the value's FILE:LINE:COL. Undefined when the stack declares none; problems go to `issues`.
 */

type Json = Record<string, unknown>;
type Issue = (at: readonly (string | number)[], message: string, hint: string) => void;

const ENTRY_KEYS = ['name', 'never', 'always', 'builtin'];
const SET_KEYS = ['direction', 'to_prefix', 'from_prefix', 'during', 'reaches'];
/** The keys of a destination, held to the model's type (every key, and no other). */
const DESTINATION: Readonly<Record<keyof InvariantDestination, true>> = { carrier_group: true, group: true, gateways: true };
const DESTINATION_KEYS = Object.keys(DESTINATION);
const HINT = "write invariants: [{ name: 'premium', never: { direction: 'outbound', toPrefix: '1900' } }]";

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `to_prefix` -> `toPrefix`: the construct's name of a files' key. */
function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Reads the stack's invariants, or undefined when it declares none (see the module's comment). */
export function readInvariants(stack: StackFile, root: Json, issues: ConfigIssue[]): Invariant[] | undefined {
  const meta = root['//'];
  const entry = isObject(meta) ? meta[POLICY_KEY] : undefined;
  if (!isObject(entry) || entry.invariants === undefined) return undefined;
  const base = ['//', POLICY_KEY, 'invariants'];
  const name = typeof entry.path === 'string' ? `DsipformPolicy ${entry.path}` : 'DsipformPolicy';
  const issue: Issue = (at, message, hint) => {
    const field = at.map((p) => (typeof p === 'number' ? `[${p}]` : `.${camel(p)}`)).join('');
    issues.push({ ...locate(stack, [...base, ...at]), message: `${name} (invariants${field}): ${message}`, hint });
  };
  const list = entry.invariants;
  if (!Array.isArray(list)) {
    issue([], `must be a list of invariants, not ${JSON.stringify(list)}`, HINT);
    return undefined;
  }
  const before = issues.length;
  const out: Invariant[] = [];
  list.forEach((item: unknown, i) => {
    const mark = issues.length;
    if (!isObject(item)) return issue([i], `must be an object { name?, never | always | builtin }, not ${JSON.stringify(item)}`, HINT);
    checkEntry(item, (at, message, hint) => issue([i, ...at], message, hint));
    if (issues.length === mark) out.push(toInvariant(item, locate(stack, [...base, i])));
  });
  return issues.length > before ? undefined : out;
}

/** The shape the files' schema gives an invariant, then the checks beyond it. */
function checkEntry(item: Json, issue: Issue): void {
  for (const key of Object.keys(item))
    if (!ENTRY_KEYS.includes(key)) issue([key], `"${camel(key)}" is not a key of an invariant`, `Its keys are: ${ENTRY_KEYS.join(', ')}.`);
  if (item.name !== undefined && (typeof item.name !== 'string' || item.name === ''))
    issue(['name'], `must be text, not ${JSON.stringify(item.name)}`, "write name: 'premium numbers are never routed'");
  if (item.builtin !== undefined && !(BUILTIN_INVARIANTS as readonly unknown[]).includes(item.builtin))
    issue(['builtin'], `${JSON.stringify(item.builtin)} is not a built-in check`, `use one of: ${BUILTIN_INVARIANTS.join(', ')}`);
  for (const kind of ['never', 'always'] as const)
    if (item[kind] !== undefined) checkSet(item[kind], (at, m, h) => issue([kind, ...at], m, h));
  for (const p of invariantProblems(item)) issue(p.field, p.message.replace(/_prefix/g, 'Prefix'), p.hint);
}

function checkSet(set: unknown, issue: Issue): void {
  if (!isObject(set))
    return issue([], `must be a set of calls { direction, toPrefix?, fromPrefix?, during?, reaches? }, not ${JSON.stringify(set)}`, HINT);
  for (const key of Object.keys(set))
    if (!SET_KEYS.includes(key))
      issue([key], `"${camel(key)}" is not a key of a set of calls`, `Its keys are: ${SET_KEYS.map(camel).join(', ')}.`);
  if (set.direction !== 'inbound' && set.direction !== 'outbound')
    issue(['direction'], `must be 'inbound' or 'outbound', not ${JSON.stringify(set.direction)}`, "write direction: 'outbound'");
  for (const key of ['to_prefix', 'from_prefix', 'during'])
    if (set[key] !== undefined && typeof set[key] !== 'string')
      issue([key], `must be text, not ${JSON.stringify(set[key])}`, `quote it: ${camel(key)}: '1900'`);
  if (set.reaches === undefined) return;
  const r = set.reaches;
  const hint = "name one destination: reaches: { carrierGroup: 'Carrier Y' } (or group, or gateways: [...])";
  const keys = isObject(r) ? Object.keys(r) : [];
  if (!isObject(r) || keys.length !== 1 || !DESTINATION_KEYS.includes(keys[0] as string))
    return issue(['reaches'], `must name exactly one destination, not ${JSON.stringify(r)}`, hint);
  const value = r[keys[0] as string];
  const ok =
    keys[0] === 'gateways'
      ? Array.isArray(value) && value.length > 0 && value.every((g) => typeof g === 'string')
      : typeof value === 'string' && value !== '';
  if (!ok)
    issue(
      ['reaches', keys[0] as string],
      `must be ${keys[0] === 'gateways' ? 'a list of gateways (text)' : 'a name (text)'}, not ${JSON.stringify(value)}`,
      hint,
    );
}
