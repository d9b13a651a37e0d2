import type { CollectionName } from '../model/desired.js';
import type { UnroutedCall, UnroutingFinding } from '../model/plan.js';
import { decisionSeverity, losesRoute, type Direction, type ImpactEntry } from '../model/routing.js';
import { count, plural } from '../model/words.js';

const COLLECTION: Readonly<Record<Direction, CollectionName>> = { inbound: 'inbound_mappings', outbound: 'outbound_routes' };

/**
 * What refuses a plan unless `--force` because of what it does to calls: every class of the
 * routing impact, in every time window examined, that routes before the plan (for certain, or by
 * every candidate of an undefined order) and worse after it: with no route, or an ambiguous one.
 * The worst candidate counts: an ambiguous decision where one candidate makes the call fail (tied
 * LCR patterns, no fallback) is reported as no route. One finding per direction (inbound first);
 * none when `allowed` (`policy.allow_unrouting: true`). `emptiedBy` maps the DID of each mapping the
 * platform empties by itself to the number whose write does it (model/kinds/did-number/effects.ts):
 * a finding names those numbers.
 */
export function assessUnrouting(
  impact: readonly ImpactEntry[],
  allowed: boolean,
  emptiedBy: ReadonlyMap<string, string> = new Map(),
): UnroutingFinding[] {
  if (allowed) return [];
  const findings: UnroutingFinding[] = [];
  for (const direction of ['inbound', 'outbound'] as const) {
    const calls: UnroutedCall[] = [];
    const keys = new Set<string>();
    for (const e of impact) {
      if (e.direction !== direction || !losesRoute(e.before, e.after)) continue;
      const after = decisionSeverity(e.after) === 2 ? 'no_route' : 'ambiguous';
      const { prefix, from_parts, when, to } = e;
      const holds = e.from_holds ? { from_holds: e.from_holds, ...(e.from_except ? { from_except: e.from_except } : {}) } : {};
      calls.push(
        e.from !== undefined
          ? { direction, prefix, from_parts, ...holds, when, from: e.from, to, after }
          : { direction, prefix, from_parts, ...holds, when, to, after },
      );
      for (const rule of e.before.rule ? [e.before.rule] : e.before.candidates) keys.add(rule.key);
    }
    if (calls.length === 0) continue;
    const sorted = [...keys].sort();
    const numbers = [...new Set(sorted.flatMap((k) => (emptiedBy.has(k) ? [emptiedBy.get(k)!] : [])))].sort();
    findings.push({
      collection: COLLECTION[direction],
      rule: 'unrouting',
      calls,
      keys: sorted,
      ...(numbers.length > 0 ? { numbers } : {}),
      message: unroutingMessage(direction, calls) + emptiedWords(numbers),
    });
  }
  return findings;
}

/** Why the platform empties mappings the plan does not change: the number writes that do it. */
function emptiedWords(numbers: readonly string[]): string {
  if (numbers.length === 0) return '';
  const named = numbers.map((n) => `number ${JSON.stringify(n)}`).join(', ');
  return ` (the platform empties ${plural(numbers.length, 'its mapping', 'their mappings')} when ${named} ${plural(numbers.length, 'is', 'are')} written available)`;
}

function unroutingMessage(direction: Direction, calls: readonly UnroutedCall[]): string {
  const none = calls.filter((c) => c.after === 'no_route').length;
  const ambiguous = calls.length - none;
  const how =
    ambiguous === 0
      ? 'with no route'
      : none === 0
        ? 'with an ambiguous route (the proxy picks a rule by chance)'
        : `with no route (${none}) or an ambiguous one (${ambiguous})`;
  return `the plan leaves ${count(calls.length, 'class', 'classes')} of ${direction} calls that ${plural(calls.length, 'routes', 'route')} today ${how}`;
}
