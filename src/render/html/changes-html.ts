/**
 * The changes of a plan as HTML: per kind, each change's headline, reason and origin, then its
 * fields as rows of a before/after table. The rows are the text plan's own (`changeBlock`), so the
 * page shows exactly the fields the text plan shows, and never a lease password (`(sensitive)`).
 */
import { KINDS, type Kind } from '../../model/desired.js';
import type { PlanNames } from '../../model/group.js';
import type { Change } from '../../model/plan.js';
import { count } from '../../model/words.js';
import { changeBlock, type BlockLine, type Mark } from '../change-block.js';
import { KNOWN_AFTER_APPLY, formatRuleField } from '../values.js';
import { html, type Html } from './markup.js';

const MARK_CLASS: Readonly<Record<Mark, string>> = { '+': 'add', '~': 'change', '-': 'remove', '-/+': 'remove' };

/**
 * One `<section>` per kind that has changes, in the kinds' order; each change in plan order. With
 * the plan's `names`, a group or gateway id is shown with its name on both sides, as in the text plan.
 */
export function changesSection(changes: readonly Change[], names?: PlanNames): Html {
  const sections = KINDS.map((kind) =>
    kindSection(
      kind,
      changes.filter((c) => c.kind === kind),
      names,
    ),
  );
  return html`${sections}`;
}

function kindSection(kind: Kind, changes: readonly Change[], names: PlanNames | undefined): Html {
  if (changes.length === 0) return html``;
  return html`<section class="kind">
    <h3>${kind}: ${count(changes.length, 'change')}</h3>
    ${changes.map((c) => changeItem(c, names))}
  </section> `;
}

function changeItem(change: Change, names: PlanNames | undefined): Html {
  const lines = changeBlock(change, names);
  const comments = lines.filter((l): l is BlockLine & { type: 'comment' } => l.type === 'comment');
  const open = lines.find((l): l is BlockLine & { type: 'open' } => l.type === 'open');
  const mark = open?.mark ?? '~';
  const fields = lines.filter((l): l is BlockLine & { type: 'field' } => l.type === 'field');
  const [headline, ...reasons] = comments;
  const where = change.origin ? `${change.origin.file}:${change.origin.line}:${change.origin.col}` : undefined;
  return html`<div class="change-item">
    <p class="headline${headline?.destructive ? ' destructive' : ''}">
      <span class="${MARK_CLASS[mark]} mono">${mark}</span> ${headline?.text ?? ''}
    </p>
    ${reasons.map((r) => html`<p class="muted">${r.text}</p> `)}${where ? html`<p class="where">declared at <code>${where}</code></p> ` : ''}
    <table class="fields">
      <thead>
        <tr>
          <th class="mark"></th>
          <th>Field</th>
          <th>Before</th>
          <th>After</th>
        </tr>
      </thead>
      <tbody>
        ${fields.map((f) => fieldRow(change, f, names))}
      </tbody>
    </table>
  </div> `;
}

function fieldRow(change: Change, line: BlockLine & { type: 'field' }, names: PlanNames | undefined): Html {
  const parsed = /^([^:\s]+):\s+([\s\S]*)$/.exec(line.text);
  if (parsed === null)
    return html`<tr>
      <td class="mark"></td>
      <td colspan="3" class="muted">${line.text}</td>
    </tr> `;
  const [, name = '', value = ''] = parsed;
  const mark = line.mark;
  if (mark === null)
    return html`<tr>
      <td class="mark"></td>
      <th>${name}</th>
      <td colspan="2" class="mono">${value}</td>
    </tr> `;
  const [before, after] = mark === '+' ? ['', value] : mark === '-' ? [value, ''] : split(change, name, value, names);
  const cls = MARK_CLASS[mark];
  return html`<tr>
    <td class="mark ${cls}">${mark}</td>
    <th>${name}</th>
    <td class="mono old">${before}</td>
    <td class="mono new">${after}</td>
  </tr> `;
}

/**
 * `before → after` of a changed field, parted where the after value begins. The after value is
 * recomputed the way the text plan writes it, and the split made only where the text ends with
 * it: a value that itself holds ` → ` cannot move the split. Anything else stays whole, under After.
 */
function split(change: Change, name: string, value: string, names: PlanNames | undefined): readonly [string, string] {
  // The lease password row is `(sensitive)` alone: never look at the change's own values for it.
  if (name !== 'password' && 'after' in change) {
    for (const after of [formatRuleField(change.kind, change.after, name, names), KNOWN_AFTER_APPLY]) {
      const tail = ` → ${after}`;
      if (value.endsWith(tail)) return [value.slice(0, -tail.length), after];
    }
  }
  return ['', value];
}
