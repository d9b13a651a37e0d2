/**
 * Routing-test expectations by name (`carrier_group:`, `group:`, `gateways:`): what the place a test
 * runs knows of groups and gateways, the check that each name stands for exactly one group (or
 * gateway) there, and what a decision reaches, by id, name and address. Pure.
 */
import type { GatewayLabel, GroupType } from '../model/group.js';
import { sharedGroupWords, unknownGroupWords } from '../model/group-names.js';
import type { PlanIssue } from '../model/plan.js';
import type { RouteDecision } from '../model/routing.js';
import type { NamedExpectation, RoutingTest } from '../model/routing-test.js';
import { gatewayIdsOf } from './load.js';
import { nameReference, referencedName } from './rule-set.js';
import type { GatewayInventory } from './types.js';

/** An endpoint of a carrier or endpoint group known by name only (the files declare it; its gateway ids are not known here). */
export interface NamedEndpoint {
  readonly name: string;
  readonly hostname: string;
}

/**
 * What the place a test runs knows of groups and gateways: the groups with ids (live, or as they
 * stand after a plan), the groups known by name only (the files' carrier groups not on the platform,
 * names the files' rules refer to), and the gateways whose name and address were read.
 */
export interface NameBook {
  /** gwgroupid as text → the group's name and type. */
  readonly groups: ReadonlyMap<string, { readonly name: string; readonly type: GroupType; readonly pending?: boolean }>;
  /** gwgroupid as text → its gateway ids in order. */
  readonly lists: ReadonlyMap<string, readonly string[]>;
  /** A group known by name only → its endpoints, when the files declare them (`undefined`: only referred to). */
  readonly unnumbered: ReadonlyMap<string, readonly NamedEndpoint[] | undefined>;
  /** The names in `unnumbered` that are endpoint groups the files declare (never a `carrier_group:`); absent: none. */
  readonly endpointGroups?: ReadonlySet<string>;
  /** gwid as text → its name and address. */
  readonly gateways: ReadonlyMap<string, GatewayLabel>;
}

/** What a book is made from. */
export interface NameBookSources {
  /** The inventory of the rule set (its lists, and the names the groups were read with). */
  readonly inventory?: GatewayInventory | undefined;
  /** The carrier groups the files declare: each is known by name only unless a carrier group with an id has its name. */
  readonly declared?: readonly { readonly name: string; readonly endpoints: readonly NamedEndpoint[] }[];
  /** The endpoint groups the files declare: each is known by name only unless an endpoint group with an id has its name. */
  readonly declaredEndpoints?: readonly { readonly name: string; readonly endpoints: readonly NamedEndpoint[] }[];
  /** Names the files' rules refer to whose id is not known here. */
  readonly referenced?: Iterable<string>;
  /** More gateways whose name and address were read. */
  readonly labels?: Iterable<GatewayLabel>;
}

/** The book of a place: the inventory's groups and gateways, with the files' carrier and endpoint groups not among them. */
export function nameBook(sources: NameBookSources): NameBook {
  const inventory = sources.inventory;
  const groups = new Map(inventory?.groupNames ?? []);
  const gateways = new Map(inventory?.gatewayNames ?? []);
  for (const l of sources.labels ?? []) gateways.set(String(l.gwid), l);
  const numbered = (type: GroupType): Set<string> => new Set([...groups.values()].filter((g) => g.type === type).map((g) => g.name));
  const carriers = numbered('carrier');
  const endpoints = numbered('endpoint');
  const unnumbered = new Map<string, readonly NamedEndpoint[] | undefined>();
  const endpointGroups = new Set<string>();
  for (const name of sources.referenced ?? []) if (!carriers.has(name) && !endpoints.has(name)) unnumbered.set(name, undefined);
  for (const g of sources.declared ?? []) if (!carriers.has(g.name)) unnumbered.set(g.name, g.endpoints);
  // An endpoint group's endpoints by name: the order a plan sends them in, and the platform lists them.
  const byName = (a: NamedEndpoint, b: NamedEndpoint): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const g of sources.declaredEndpoints ?? [])
    if (!endpoints.has(g.name)) {
      unnumbered.set(g.name, [...g.endpoints].sort(byName));
      endpointGroups.add(g.name);
    }
  return { groups, lists: new Map(inventory?.lists ?? []), unnumbered, gateways, endpointGroups };
}

/** One problem of an expectation by name: the field, and the words (`formatIssue` places them). */
export interface NamedExpectationProblem {
  readonly field: NamedExpectation;
  readonly message: string;
  readonly hint: string;
}

/** The groups a name stands for: `#<id>` of each group with it, and the name itself for one known by name only. */
function matchesOf(book: NameBook, name: string, carrierOnly: boolean): { ids: string[]; unnumbered: boolean } {
  const ids = [...book.groups].filter(([, g]) => g.name === name && (!carrierOnly || g.type === 'carrier')).map(([id]) => id);
  // An endpoint group the files declare is a `group:`, never a `carrier_group:`.
  const unnumbered = book.unnumbered.has(name) && !(carrierOnly && book.endpointGroups?.has(name) === true);
  return { ids: ids.sort((a, b) => Number(a) - Number(b)), unnumbered };
}

/** The gwlists a rule may hold to send to the group `name` stands for (its `#id`, or the name itself). */
export function acceptedGwlists(book: NameBook, name: string, carrierOnly: boolean): string[] {
  const { ids } = matchesOf(book, name, carrierOnly);
  return [...ids.map((id) => `#${id}`), nameReference(name)];
}

/** `"BW" (#5)`, `"BW" (id known after apply)` (a group the plan creates) or `"BW"`: an expected group as a failure names it. */
export function expectedGroupWords(book: NameBook, name: string, carrierOnly: boolean): string {
  const { ids } = matchesOf(book, name, carrierOnly);
  if (ids.length !== 1) return JSON.stringify(name);
  return `${JSON.stringify(name)} (${book.groups.get(ids[0]!)?.pending === true ? 'id known after apply' : `#${ids[0]}`})`;
}

/** The problem of one group name (none or several groups have it), in the planner's words. */
function groupNameProblem(book: NameBook, name: string, field: 'carrier_group' | 'group'): NamedExpectationProblem | null {
  const carrierOnly = field === 'carrier_group';
  const { ids, unnumbered } = matchesOf(book, name, carrierOnly);
  const count = ids.length + (unnumbered ? 1 : 0);
  if (count === 1) return null;
  const kind = carrierOnly ? 'carrier group' : 'group';
  if (count === 0) {
    const known = [...book.groups]
      .filter(([, g]) => !carrierOnly || g.type === 'carrier')
      .map(([id, g]) => ({ gwgroupid: Number(id), name: g.name, type: g.type, gwids: [] }));
    const byName = [...book.unnumbered.keys()]
      .filter((n) => !(carrierOnly && book.endpointGroups?.has(n) === true))
      .map((n) => JSON.stringify(n));
    const words = unknownGroupWords(name, kind, known);
    const remedy =
      known.length === 0 && byName.length > 0
        ? `the ${kind}s known here are: ${byName.join(', ')} (named in the files); names are matched exactly (case and spaces)`
        : `${words.remedy}${byName.length > 0 ? `; the files also name: ${byName.join(', ')}` : ''}`;
    // The name is an endpoint group's: say so, rather than only that no carrier group has it.
    const endpoint =
      carrierOnly &&
      (book.endpointGroups?.has(name) === true || [...book.groups.values()].some((g) => g.name === name && g.type === 'endpoint'))
        ? `${JSON.stringify(name)} is an endpoint group: expect it with group: ${name}; `
        : '';
    return { field, message: `expect.${field}: ${words.problem}`, hint: `${endpoint}${remedy}; or expect the group by id` };
  }
  const shown = [
    ...ids.map((id) => `#${id} (${book.groups.get(id)!.type})`),
    ...(unnumbered ? [`${book.endpointGroups?.has(name) === true ? 'an endpoint' : 'a carrier'} group these files declare`] : []),
  ];
  const example = carrierOnly ? `gwgroupid: "${ids[0] ?? ''}"` : `servers: ["#${ids[0] ?? ''}"]`;
  const words = sharedGroupWords(name, field, shown, example);
  return { field, message: `expect.${field}: ${words.problem}`, hint: words.remedy };
}

/** Every gateway the book knows by name or address: `[id?, name, address]`. */
function knownGateways(book: NameBook): { id?: string; name: string; address: string; group?: string }[] {
  const out: { id?: string; name: string; address: string; group?: string }[] = [...book.gateways].map(([id, l]) => ({
    id,
    name: l.name,
    address: l.address,
  }));
  for (const [group, endpoints] of book.unnumbered) for (const e of endpoints ?? []) out.push({ name: e.name, address: e.hostname, group });
  return out;
}

/** Whether an expected gateway (`"pbx-a"`, `"203.0.113.5"`) is this name or address; the platform's default port may be left out. */
function isGateway(expected: string, g: { readonly name?: string; readonly address?: string }): boolean {
  if (g.name !== undefined && g.name !== '' && expected === g.name) return true;
  if (g.address === undefined || g.address === '') return false;
  return expected === g.address || `${expected}:5060` === g.address || expected === `${g.address}:5060`;
}

/** `61 "pbx-a" 203.0.113.5:5060`, or `"pbx-a" 203.0.113.5 (of "BW")` for one with no id here. */
function gatewayShown(g: { id?: string; name?: string; address?: string; group?: string }): string {
  const parts = [
    ...(g.id !== undefined ? [g.id] : []),
    ...(g.name ? [JSON.stringify(g.name)] : []),
    ...(g.address ? [g.address] : []),
    ...(g.group !== undefined ? [`(of ${JSON.stringify(g.group)})`] : []),
  ];
  return parts.join(' ');
}

/** The problem of one expected gateway that is not an id: no gateway, or several, has that name or address. */
function gatewayProblem(book: NameBook, expected: string): NamedExpectationProblem | null {
  if (/^[0-9]+$/.test(expected)) return null;
  const known = knownGateways(book);
  const found = known.filter((g) => isGateway(expected, g));
  if (found.length === 1) return null;
  if (found.length === 0) {
    const listed = known.slice(0, 12).map(gatewayShown);
    const more = known.length > 12 ? ` and ${known.length - 12} more` : '';
    return {
      field: 'gateways',
      message: `expect.gateways: no gateway is named or at ${JSON.stringify(expected)}`,
      hint:
        known.length === 0
          ? 'no gateway names are known here (the files declare no carrier or endpoint group, or the groups were not read): expect the gateway by id, e.g. gateways: ["61"]'
          : `the gateways known by name are: ${listed.join(', ')}${more}; or expect the gateway by id`,
    };
  }
  return {
    field: 'gateways',
    message: `expect.gateways: ${JSON.stringify(expected)} matches ${found.length} gateways: ${found.map(gatewayShown).join(', ')}`,
    hint: `expect the gateway by id instead${found[0]?.id !== undefined ? `, e.g. gateways: ["${found[0].id}"]` : ''}, or rename one of the gateways`,
  };
}

/**
 * The problems of a test's expectations by name against a book: a group name that no group has, or
 * several have (the words of the planner's own references by name, model/group-names.ts), and a
 * gateway name or address that matches no gateway, or several. Empty when each stands for one.
 */
export function namedExpectationProblems(test: RoutingTest, book: NameBook): NamedExpectationProblem[] {
  const e = test.expect;
  const out: NamedExpectationProblem[] = [];
  if (e.carrier_group !== undefined) {
    const p = groupNameProblem(book, e.carrier_group, 'carrier_group');
    if (p) out.push(p);
  }
  if (e.group !== undefined) {
    const p = groupNameProblem(book, e.group, 'group');
    if (p) out.push(p);
  }
  for (const g of e.gateways ?? []) {
    const p = gatewayProblem(book, g);
    if (p) out.push(p);
  }
  return out;
}

/** A gateway a decision sends to: its id when known here, its name and address when read. */
export interface ReachedGateway {
  readonly id?: string;
  readonly name?: string;
  readonly address?: string;
}

/**
 * The gateways the winner of a decision sends to, in the order tried, or `undefined` when they are
 * not known here (a group whose gateways were not read, or a name whose endpoints are not declared).
 */
export function reachedGateways(d: Pick<RouteDecision, 'gwlist'>, book: NameBook): ReachedGateway[] | undefined {
  const gwlist = d.gwlist;
  if (gwlist === undefined || gwlist === '') return undefined;
  const named = referencedName(gwlist);
  if (named !== null) return book.unnumbered.get(named)?.map((e) => ({ name: e.name, address: e.hostname }));
  const ids = gwlist.startsWith('#') ? book.lists.get(String(Number(gwlist.slice(1)))) : gatewayIdsOf(gwlist);
  return ids?.map((id) => {
    const l = book.gateways.get(id);
    return l ? { id, name: l.name, address: l.address } : { id };
  });
}

/** Whether the reached gateways are the expected ones, one for one and in order. */
export function gatewaysMatch(expected: readonly string[], reached: readonly ReachedGateway[]): boolean {
  return expected.length === reached.length && expected.every((e, i) => e === reached[i]!.id || isGateway(e, reached[i]!));
}

/** The reached gateways in words: `61 "pbx-a" 203.0.113.5:5060, 62`. */
export function reachedWords(reached: readonly ReachedGateway[]): string {
  return reached.map(gatewayShown).join(', ');
}

/** The problems of the tests' expectations by name, each placed at the name (or at its test). */
export function namedIssues(tests: readonly RoutingTest[], book: NameBook): PlanIssue[] {
  return tests.flatMap((test) =>
    namedExpectationProblems(test, book).map((p) => {
      const origin = test.expect_origins?.[p.field] ?? test.origin;
      return { message: `routing test ${JSON.stringify(test.name)}: ${p.message}`, hint: p.hint, ...(origin ? { origin } : {}) };
    }),
  );
}
