import { KIND_SPECS } from '../model/kinds.js';
import { count } from '../model/words.js';
import type { DriftCause, DriftedObject, DriftField, DriftReport } from './drift-report.js';
import { cleanText } from './style.js';
import { formatRuleField, subject } from './values.js';

/** What each cause says about an object, after its name. */
export const CAUSE_WORDS: Readonly<Record<DriftCause, string>> = {
  changed: 'changed on the platform',
  missing: 'in the files, missing on the platform (deleted by hand, or never applied)',
  extra: 'on the platform, not in the files (created by hand)',
};

/** The marks of the causes, as a plan marks the change that undoes them. */
export const CAUSE_MARK: Readonly<Record<DriftCause, string>> = { changed: '~', missing: '+', extra: '-' };

/** What a report says for a value the platform does not show. */
export const NOT_SHOWN = '(not shown by the platform)';

/** The headline of a report: `2 objects differ from the files (1 changed on the platform, 1 created by hand)`, or that none does. */
export function driftHeadline(report: DriftReport): string {
  const { changed, missing, extra, unchanged } = report.summary;
  if (!report.drift) return `No drift: the platform matches the files (${count(unchanged, 'object')} checked).`;
  const parts = [
    ...(changed > 0 ? [`${changed} changed on the platform`] : []),
    ...(missing > 0 ? [`${missing} missing on the platform`] : []),
    ...(extra > 0 ? [`${extra} created by hand on the platform`] : []),
  ];
  const n = report.objects.length;
  return `Drift: ${count(n, 'object')} ${n === 1 ? 'differs' : 'differ'} from the files (${parts.join(', ')}).`;
}

/** An object's name with its platform id: `outbound_route "UK" (id 12)`. */
export function objectLabel(o: DriftedObject): string {
  return `${subject(o.kind, o.key)}${o.id !== undefined ? ` (id ${o.id})` : ''}`;
}

/** One differing field's two values as a plan shows them (names beside ids): the platform's and the files'. */
export function fieldSides(o: DriftedObject, f: DriftField, names: DriftReport['names']): { readonly live: string; readonly file: string } {
  const live = f.live_shown && o.live ? formatRuleField(o.kind, o.live, f.name, names) : NOT_SHOWN;
  const file = o.file ? formatRuleField(o.kind, o.file, f.name, names) : 'null';
  return { live: cleanText(live), file: cleanText(file) };
}

/** One differing field: `gwgroupid: "7" on the platform, "5" in the files`. */
export function fieldWords(o: DriftedObject, f: DriftField, names: DriftReport['names']): string {
  const { live, file } = fieldSides(o, f, names);
  return `${f.name}: ${live} on the platform, ${file} in the files`;
}

/** Every field of one side of an object (a missing or extra one): `name: value` each. */
export function sideWords(o: DriftedObject, side: 'live' | 'file', names: DriftReport['names']): string[] {
  const values = o[side];
  if (!values) return [];
  return KIND_SPECS[o.kind].fields
    .filter((name) => name in values)
    .map((name) => `${name}: ${cleanText(formatRuleField(o.kind, values, name, names))}`);
}

/** What to do about drift, in one sentence (the command that undoes it, and the one that keeps it). */
export const UNDO_SENTENCE =
  'To undo the drift, apply the files (dsipform apply); to keep it, change the files to match (dsipform export writes what the platform holds).';

/** The sentence that says what the two sides of the routing impact are. */
export const IMPACT_SENTENCE = 'Calls the drift affects: each class as the platform routes it now → as it routes once the drift is undone.';

/** What a report says when the platform holds writes the proxy has not loaded yet. */
export const PENDING_RELOAD_SENTENCE =
  'The platform holds changes the proxy has not loaded yet (a reload is pending): calls may still be routed by older rules; an apply reloads it.';
