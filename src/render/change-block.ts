import { InternalError } from '../model/errors.js';
import type { PlanNames } from '../model/group.js';
import type { Change } from '../model/plan.js';
import { leaseRows } from './lease-rows.js';
import { cleanText } from './style.js';
import { endpointRows } from './endpoint-rows.js';
import { KIND_SPECS } from '../model/kinds.js';
import { count } from '../model/words.js';
import { FIELD_ORDER, MARK, fieldValue, formatRuleField, subject } from './values.js';

/** A `+`, `~`, `-` or `-/+` mark. */
export type Mark = (typeof MARK)[keyof typeof MARK];

/**
 * One line of a change's block, before layout: the text and markdown renderers indent, mark and
 * colour these the same way, so the two can never disagree about what a change does.
 */
export type BlockLine =
  | { readonly type: 'comment'; readonly text: string; readonly destructive: boolean }
  | { readonly type: 'open'; readonly mark: Mark; readonly text: string }
  | { readonly type: 'field'; readonly mark: Mark | null; readonly text: string }
  | { readonly type: 'close' };

/** What a change will do, as the `# …` headline says it; destructive changes say what goes. */
function headline(change: Change): string {
  const who = subject(change.kind, change.key);
  switch (change.action) {
    case 'create':
      return `${who} will be created`;
    case 'update':
      return `${who} will be updated in place`;
    case 'promote':
      return `${who} will be promoted: simple → LCR`;
    case 'demote':
      return `${who} will be demoted: LCR → simple; its LCR record will be deleted`;
    case 'replace':
      return `${who} will be replaced: deleted, then created`;
    case 'delete':
      return `${who} will be deleted`;
    case 'obtain':
      return `${who} will be obtained`;
    case 'renew':
      return `${who} will be renewed: revoked, then obtained anew`;
    case 'revoke':
      return `${who} will be revoked`;
    default:
      return assertNever(change);
  }
}

/**
 * Whether the change removes something from the platform: a delete, a demote's LCR record, or a
 * lease (a revoke, and a renew, which revokes before it obtains anew, like Terraform's replace).
 */
function isDestructive(change: Change): boolean {
  return (
    change.action === 'delete' ||
    change.action === 'demote' ||
    change.action === 'replace' ||
    change.action === 'renew' ||
    change.action === 'revoke'
  );
}

/**
 * The lines of one change, Terraform-style: the headline and reason as comments, then a block with
 * every field on create, the fields that go on delete, and only the changed fields
 * (`field: before → after`) on update, promote and demote, where `from_prefix` is always shown.
 * With the plan's `names`, a group or gateway id is shown with its name on both sides.
 * Lease changes (obtain, renew, revoke) are laid out by {@link leaseRows}: never a password.
 */
export function changeBlock(change: Change, names?: PlanNames): BlockLine[] {
  const lines: BlockLine[] = [{ type: 'comment', text: headline(change), destructive: isDestructive(change) }];
  if (change.reason !== undefined) lines.push({ type: 'comment', text: `(${cleanText(change.reason)})`, destructive: false });
  // What the platform does by itself: as destructive as the change when it empties a mapping.
  for (const e of change.effects ?? [])
    lines.push({ type: 'comment', text: `also: ${cleanText(e.words)}`, destructive: e.does !== 'status' });
  const mark = MARK[change.action];
  lines.push({ type: 'open', mark, text: `${subject(change.kind, change.key)} {` });
  lines.push(...fieldLines(change, names));
  lines.push({ type: 'close' });
  return lines;
}

/** One `name: value` row of a block, before the names are padded to one column. */
export interface FieldRow {
  readonly mark: Mark | null;
  readonly name: string;
  readonly value: string;
}

function fieldLines(change: Change, names: PlanNames | undefined): BlockLine[] {
  const order = FIELD_ORDER[change.kind];
  const rows: FieldRow[] = [];
  let hidden = 0;
  switch (change.action) {
    case 'create':
      for (const name of order) rows.push({ mark: '+', name, value: formatRuleField(change.kind, change.after, name, names) });
      break;
    case 'delete':
      rows.push(idRow(change));
      for (const name of order) rows.push({ mark: '-', name, value: formatRuleField(change.kind, change.before, name, names) });
      break;
    case 'update':
    case 'promote':
    case 'demote':
    case 'replace': {
      const shown = changedFields(change);
      rows.push(idRow(change));
      for (const name of shown) {
        if (KIND_SPECS[change.kind].formats[name] === 'endpoint-set') {
          rows.push(...endpointRows(name, fieldValue(change.before, name), fieldValue(change.after, name)));
          continue;
        }
        const before = unreadBefore(change, name) ? NOT_SHOWN : formatRuleField(change.kind, change.before, name, names);
        rows.push({ mark: '~', name, value: `${before} → ${formatRuleField(change.kind, change.after, name, names)}` });
      }
      hidden = order.filter((name) => !shown.includes(name)).length;
      break;
    }
    case 'obtain':
    case 'renew':
    case 'revoke': {
      const lease = leaseRows(change);
      rows.push(...lease.rows);
      hidden = lease.hidden;
      break;
    }
    default:
      return assertNever(change);
  }
  const width = Math.max(...rows.map((r) => r.name.length + 1));
  const lines: BlockLine[] = rows.map((r) => ({ type: 'field', mark: r.mark, text: `${`${r.name}:`.padEnd(width)} ${r.value}` }));
  if (hidden > 0) lines.push({ type: 'field', mark: null, text: `# (${count(hidden, 'unchanged field')} hidden)` });
  return lines;
}

/** The platform id of the object a change touches, as its kind's module names it: a rule's `ruleid`, a group's `gwgroupid`. */
function idRow(change: Change): FieldRow {
  const name = KIND_SPECS[change.kind].idField;
  if (name === undefined) throw new InternalError(`a ${change.kind} change has no platform id to show`);
  return { mark: null, name, value: String((change as unknown as Readonly<Record<string, unknown>>)[name]) };
}

/** What a plan shows for a live value the platform does not show (a carrier group's auth, lb_enabled). */
const NOT_SHOWN = '(not shown by the platform)';

/** Whether the live value of a field is a placeholder: the platform does not show it, and the change writes it. */
function unreadBefore(change: Change & { readonly action: 'update' | 'promote' | 'demote' | 'replace' }, name: string): boolean {
  const unreadable = fieldValue(change.before, 'unreadable');
  return Array.isArray(unreadable) && unreadable.includes(name);
}

// The type's field order first; fields the order does not know last, as given. A promote or a
// demote is about `from_prefix`, so it is always shown even if a plan forgot to list it. A field
// whose value the change writes differently, or over a value the platform does not show, is shown
// whatever the plan listed: the count of hidden fields never hides a field the apply changes.
function changedFields(change: Change & { readonly action: 'update' | 'promote' | 'demote' | 'replace' }): string[] {
  const listed = new Set(change.fields);
  if (change.action === 'promote' || change.action === 'demote') listed.add('from_prefix');
  const order = FIELD_ORDER[change.kind];
  for (const name of order) {
    const [a, b] = [fieldValue(change.before, name), fieldValue(change.after, name)];
    if (JSON.stringify(a) !== JSON.stringify(b) || unreadBefore(change, name)) listed.add(name);
  }
  return [...order.filter((name) => listed.has(name)), ...[...listed].filter((name) => !order.includes(name))];
}

function assertNever(value: never): never {
  throw new InternalError(`unexpected change action: ${JSON.stringify(value)}`);
}
