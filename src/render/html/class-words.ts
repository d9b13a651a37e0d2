import { describeProbe } from '../routing-impact.js';
import { fromWords, type ImpactEntry } from '../../model/routing.js';

/** The parts of a class of calls its words need (the routing table's classes, and an exact impact's). */
export interface ClassParts {
  /** `''`: the numbers no rule prefix takes. */
  readonly prefix: string;
  /** The longer prefixes left out. */
  readonly except: readonly string[];
  /** The LCR From parts a caller of the class holds (none: no From part matters). */
  readonly from_parts: readonly string[];
  readonly from_holds?: 'two_or_more';
  /** With `from_holds`: the From parts of longer patterns its callers hold none of. */
  readonly from_except?: readonly string[];
}

/** How many left-out prefixes a class names before it counts the rest. */
const LISTED_EXCEPT = 8;

/**
 * A class of calls in words: `calls to 44… except 441…, 4420…`, `calls to every other number`,
 * `calls to 1… from …1555`. Plain text; the caller escapes it.
 */
export function classWords(c: ClassParts): string {
  const to = c.prefix === '' ? 'calls to every other number' : `calls to ${c.prefix}…`;
  const listed = c.except.slice(0, LISTED_EXCEPT).map((p) => `${p}…`);
  const more = c.except.length - listed.length;
  const except = listed.length === 0 ? '' : ` except ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const from = fromWords(c.from_parts, c.from_holds, undefined, c.from_except);
  return `${to}${except}${from}`;
}

/**
 * The calls of one impact entry in words: by its class when the entry carries one (`prefix`,
 * `except`, `from_parts`), else as the text plan names a probed call ({@link describeProbe}).
 */
export function impactClassWords(entry: ImpactEntry & Partial<ClassParts>): string {
  if (entry.prefix !== undefined && entry.except !== undefined)
    return classWords({
      prefix: entry.prefix,
      except: entry.except,
      from_parts: entry.from_parts ?? [],
      ...(entry.from_holds ? { from_holds: entry.from_holds } : {}),
      ...(entry.from_except ? { from_except: entry.from_except } : {}),
    });
  return describeProbe(entry);
}

/** The representative call of a class: `e.g. 4420000 from 15551555`. */
export function sampleWords(call: { readonly to: string; readonly from?: string }): string {
  return `e.g. ${call.to === '' ? '(empty number)' : call.to}${call.from ? ` from ${call.from}` : ''}`;
}
