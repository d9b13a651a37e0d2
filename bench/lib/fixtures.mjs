// The objects the benchmarks plan and apply, as desired-state files (YAML and JSON) and as an
// emulator data file. Every object is distinct; the same index always gives the same object.
import { writeFileSync } from 'node:fs';
import { EmulatorStore } from '../../dist/emulator/index.js';

/**
 * Inbound mapping number `i`: a DID, a primary and a secondary gateway, a note. The gateways and
 * the routes' carrier groups are the fresh install's (gateways 23–55 are all held by groups 1–10), which every
 * emulator data file here holds, so the plan's reference checks pass.
 */
export function mappingAt(i) {
  return { did: `1555${String(i).padStart(7, '0')}`, servers: [String(23 + (i % 30)), String(53 + (i % 3))], notes: `Mapping ${i}` };
}

/** Outbound route number `i`: every third one an LCR route (from_prefix "1555"). */
export function routeAt(i) {
  return {
    name: `Route ${i}`,
    prefix: String(100_000 + i),
    gwgroupid: String(1 + (i % 9)),
    priority: i % 10,
    ...(i % 3 === 0 ? { from_prefix: '1555' } : {}),
  };
}

const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));

/** The desired-state document for `mappings` mappings and `routes` routes. */
export function desiredDocument({ mappings = 0, routes = 0 }) {
  return { version: 1, inbound_mappings: range(mappings, mappingAt), outbound_routes: range(routes, routeAt) };
}

/**
 * The same document as YAML, written line by line (quoted strings, block style, as people write
 * these files); a collection with no entries is still declared, as `[]`, so it is managed.
 */
export function desiredYaml({ mappings = 0, routes = 0 }) {
  const lines = ['version: 1', mappings ? 'inbound_mappings:' : 'inbound_mappings: []'];
  for (let i = 0; i < mappings; i += 1) {
    const m = mappingAt(i);
    lines.push(`  - did: "${m.did}"`, `    servers: ["${m.servers[0]}", "${m.servers[1]}"]`, `    notes: ${m.notes}`);
  }
  lines.push(routes ? 'outbound_routes:' : 'outbound_routes: []');
  for (let i = 0; i < routes; i += 1) {
    const r = routeAt(i);
    lines.push(`  - name: ${r.name}`, `    prefix: "${r.prefix}"`, `    gwgroupid: "${r.gwgroupid}"`, `    priority: ${r.priority}`);
    if (r.from_prefix) lines.push(`    from_prefix: "${r.from_prefix}"`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes `<base>.yaml` and `<base>.json` for the same objects; returns both paths. */
export function writeDesiredFiles(base, counts) {
  const yaml = `${base}.yaml`;
  const json = `${base}.json`;
  writeFileSync(yaml, desiredYaml(counts));
  writeFileSync(json, JSON.stringify(desiredDocument(counts), null, 2));
  return { yaml, json };
}

/**
 * Writes an emulator data file holding exactly these objects (no default route), built through the
 * emulator's own store so the records are what the API would have made. Seeding 100,000 objects
 * this way takes well under a second, where creating them over HTTP takes many.
 */
export function writeEmulatorData(file, { mappings = 0, routes = 0 }) {
  const store = new EmulatorStore({ empty: true });
  store.groups.installDefaults();
  for (let i = 0; i < mappings; i += 1) {
    const outcome = store.mappings.create(mappingAt(i));
    if (!outcome.ok) throw new Error(`seeding mapping ${i}: ${JSON.stringify(outcome)}`);
  }
  for (let i = 0; i < routes; i += 1) {
    const outcome = store.routes.create(routeAt(i));
    if (!outcome.ok) throw new Error(`seeding route ${i}: ${JSON.stringify(outcome)}`);
  }
  store.reload();
  writeFileSync(file, JSON.stringify(store.snapshot()));
  return file;
}

/** A mapping to one gateway or one carrier group of the fresh install's (lists the proxy keeps); `shift` 1 moves it to the next. */
export function singleTargetMappingAt(i, shift = 0) {
  const servers = (i + shift) % 2 === 0 ? [String(23 + ((i + shift) % 33))] : [`#${1 + ((i + shift) % 7)}`];
  return { did: `1555${String(i).padStart(7, '0')}`, servers, notes: `Mapping ${i}` };
}

/**
 * The files of the routing benchmarks: `mappings` of `mappingOf(i, shift(i))` and `routes` of
 * `routeOf(i, shift(i))` (time recurrences written too), then the `extra` routes as given;
 * `shift(i)` is 1 for the objects changed from what the platform holds.
 */
export function rulesYaml({ mappings, routes }, { mappingOf, routeOf, shift = () => 0, extra = [] }) {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < mappings; i += 1) {
    const m = mappingOf(i, shift(i));
    lines.push(`  - did: "${m.did}"`, `    servers: [${m.servers.map((s) => `"${s}"`).join(', ')}]`, `    notes: ${m.notes}`);
  }
  lines.push('outbound_routes:');
  for (let i = 0; i < routes + extra.length; i += 1) {
    const r = i < routes ? routeOf(i, shift(i)) : extra[i - routes];
    lines.push(`  - name: ${r.name}`, `    prefix: "${r.prefix}"`, `    gwgroupid: "${r.gwgroupid}"`);
    if (r.priority !== undefined) lines.push(`    priority: ${r.priority}`);
    if (r.from_prefix) lines.push(`    from_prefix: "${r.from_prefix}"`);
    if (r.timerec) lines.push(`    timerec: "${r.timerec}"`);
  }
  return `${lines.join('\n')}\n`;
}

/** An emulator data file holding what {@link rulesYaml} declares with no shift (the fresh install's groups beside them). */
export function writeRulesEmulatorData(file, { mappings, routes }, { mappingOf, routeOf, extra = [] }) {
  const store = new EmulatorStore({ empty: true });
  store.groups.installDefaults(); // the gateways and carrier groups the objects refer to
  for (let i = 0; i < mappings; i += 1) if (!store.mappings.create(mappingOf(i)).ok) throw new Error(`seeding mapping ${i}`);
  for (let i = 0; i < routes; i += 1) if (!store.routes.create(routeOf(i)).ok) throw new Error(`seeding route ${i}`);
  for (const r of extra) if (!store.routes.create(r).ok) throw new Error(`seeding route ${r.name}`);
  store.reload();
  writeFileSync(file, JSON.stringify(store.snapshot()));
  return file;
}
