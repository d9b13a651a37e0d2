/**
 * The lints of the platform's DID inventory against the inbound rules (issue 35 §5): what its
 * Numbers module does to inbound mappings (docs/numbers.md) said before it happens. Warnings only,
 * each at the `FILE:LINE:COL` of a declared number or mapping. Pure.
 */
import type { SourceLocation } from '../model/desired.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
import { routeCall } from './match.js';
import { INBOUND_GROUP, type RoutingFinding, type RoutingRule, type RuleSet } from './types.js';

/** A number of the inventory as it stands (declared in the files, or held by the platform), for these lints. */
export interface InventoryNumber {
  readonly did: string;
  readonly status: string | null;
  /** Where the files declare it; absent for a live number they do not. */
  readonly origin?: SourceLocation;
}

/** The status that makes the platform empty a number's mapping (exactly this text). */
const AVAILABLE = 'available';

/** Inbound rules carry no time recurrence: any instant decides their calls alike. */
const ANY_TIME = { local: '2026-01-01T00:00:00', tz: 'UTC' } as const;

/** ` (numbers.yaml:3:5)`, or nothing. */
function at(origin: SourceLocation | undefined): string {
  return origin ? ` (${origin.file}:${origin.line}:${origin.col})` : '';
}

/** The finding's place and subject: the number, where the files declare it. */
function aboutNumber(n: InventoryNumber): Pick<RoutingFinding, 'kind' | 'key' | 'origin'> {
  return { kind: 'did_number', key: n.did, ...(n.origin ? { origin: n.origin } : {}) };
}

/** Whether an inbound call to `to` is routed (or may be, ambiguously) by the rules. */
function routed(set: RuleSet, to: string): boolean {
  return routeCall(set, { direction: 'inbound', from: '', to, at: ANY_TIME }, { explain: false }).result !== 'no_route';
}

/** `number_unrouted`: a number no inbound rule routes, neither as written nor without its leading `+`s. */
function unroutedFindings(set: RuleSet, numbers: readonly InventoryNumber[]): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  for (const n of numbers) {
    const bare = numberIdentity(n.did);
    if (routed(set, n.did) || (bare !== n.did && routed(set, bare))) continue;
    out.push({
      severity: 'warning',
      code: 'number_unrouted',
      message: `number "${n.did}"${n.status !== null ? ` (${n.status})` : ''} is in the inventory, but no inbound mapping routes calls to it: the proxy finds no rule for ${bare}`,
      hint: `add an inbound mapping for it (did: "${bare}"), or a default mapping (did: ""); or remove the number from the inventory if it is not in use`,
      ...aboutNumber(n),
    });
  }
  return out;
}

/** `mapping_number_available`: a mapping that routes while its DID's number is available. */
function availableFindings(mappings: readonly RoutingRule[], byIdentity: ReadonlyMap<string, InventoryNumber>): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  for (const rule of mappings) {
    const number = byIdentity.get(numberIdentity(rule.key));
    if (rule.key === '' || !number || number.status !== AVAILABLE || rule.gwlist === '') continue;
    out.push({
      severity: 'warning',
      code: 'mapping_number_available',
      message: `mapping "${rule.key}" routes calls, but its number "${number.did}"${at(number.origin)} is available: the platform empties the mapping of a number written while available, so the next write to that number (an apply of numbers:, or an edit on the Numbers page) wipes this mapping's servers`,
      hint: `make number "${number.did}" assigned (status: assigned in numbers:, or on the Numbers page) while this mapping should route`,
      kind: 'inbound_mapping',
      key: rule.key,
      ...(rule.origin ? { origin: rule.origin } : number.origin ? { origin: number.origin } : {}),
    });
  }
  return out;
}

/** `plus_did_dropped`: an available `+` number, whose mapping the platform writes without the `+`. */
function plusFindings(numbers: readonly InventoryNumber[], mappings: readonly RoutingRule[]): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  for (const n of numbers) {
    if (!n.did.startsWith('+') || n.status !== AVAILABLE) continue;
    const bare = numberIdentity(n.did);
    const plus = mappings.find((m) => m.key.startsWith('+') && numberIdentity(m.key) === bare);
    const renamed = plus ? `, and renames mapping "${plus.key}"${at(plus.origin)} to it` : '';
    out.push({
      severity: 'warning',
      code: 'plus_did_dropped',
      message: `number "${n.did}" is available: the platform writes its inbound mapping without the "+", as "${bare}"${renamed}, so calls that carry the "+" do not match that mapping`,
      hint: `write the DID as the platform writes its mapping (did: "${bare}"), or keep the number out of available (status: assigned)`,
      ...(n.origin || !plus?.origin ? aboutNumber(n) : { kind: 'did_number', key: n.did, origin: plus.origin }),
    });
  }
  return out;
}

/**
 * The number lints of an inventory against a rule set's inbound mappings: a number no inbound rule
 * routes (`number_unrouted`, only when `inboundKnown`: the rules hold every mapping the platform
 * will), a mapping that routes while its number is `available` (`mapping_number_available`: the
 * next write to that number empties it), and an available number written with a leading `+`
 * (`plus_did_dropped`: the platform writes its mapping without it). Numbers and mappings are paired
 * by the DID without its leading `+`s, as the platform pairs them.
 */
export function numberFindings(set: RuleSet, numbers: readonly InventoryNumber[], inboundKnown: boolean): RoutingFinding[] {
  if (numbers.length === 0) return [];
  const mappings = set.rules.filter((r) => r.groupid === INBOUND_GROUP);
  const byIdentity = new Map<string, InventoryNumber>();
  for (const n of numbers) if (!byIdentity.has(numberIdentity(n.did))) byIdentity.set(numberIdentity(n.did), n);
  return [
    ...(inboundKnown ? unroutedFindings(set, numbers) : []),
    ...availableFindings(mappings, byIdentity),
    ...plusFindings(numbers, mappings),
  ];
}
