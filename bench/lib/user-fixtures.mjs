// Desired-state files shaped like the files users write (issue 27, part 4): a policy block with a
// boolean, percentages and ignore globs; routes with time recurrences written plain, names with
// spaces, punctuation and accents (some quoted); mappings with notes of the same kind. The
// emulator data file holds exactly the same objects, so a plan of the file has no changes.
import { writeFileSync } from 'node:fs';
import { EmulatorStore } from '../../dist/emulator/index.js';
import { mappingAt, routeAt } from './fixtures.mjs';

const TIMERECS = ['20260101T090000|8H|weekly|||MO,TU,WE,TH,FR', '20260101T170000|16H|daily', '20260101T000000|24H|weekly|||SA,SU'];

/** Mapping `i` with a note as people write them. */
function userMapping(i) {
  return { ...mappingAt(i), notes: `Reception ${i} — café/bar (2nd floor) & lobby` };
}

/** Route `i` with a name as people write them and, for every fourth, a time recurrence. */
function userRoute(i) {
  const route = { ...routeAt(i), name: i % 5 === 0 ? `Route ${i}: night & weekend` : `Route ${i} — US & Canada (Zürich office)` };
  return i % 4 === 0 ? { ...route, timerec: TIMERECS[i % TIMERECS.length] } : route;
}

const POLICY = [
  'policy:',
  '  allow_unrouting: true',
  '  max_deletes: 20%',
  '  max_updates: 50%',
  '  protect: [inbound_mappings]',
  '  ignore:',
  '    outbound_routes: ["Default Outbound Route", legacy-*]',
  '    inbound_mappings: ["1800*"]',
];

/** The YAML text of `mappings` mappings and `routes` routes, with the policy block above. */
export function userYaml({ mappings, routes }) {
  const lines = ['# the platform as we want it', 'version: 1', ...POLICY, '', 'inbound_mappings:'];
  for (let i = 0; i < mappings; i += 1) {
    const m = userMapping(i);
    lines.push(`  - did: "${m.did}"`, `    servers: ["${m.servers[0]}", "${m.servers[1]}"]`, `    notes: ${m.notes}`);
  }
  lines.push('', 'outbound_routes:');
  for (let i = 0; i < routes; i += 1) {
    const r = userRoute(i);
    lines.push(`  - name: ${r.name.includes(': ') ? JSON.stringify(r.name) : r.name}`, `    prefix: "${r.prefix}"`);
    lines.push(`    gwgroupid: "${r.gwgroupid}"`, `    priority: ${r.priority}`);
    if (r.from_prefix) lines.push(`    from_prefix: "${r.from_prefix}"`);
    if (r.timerec) lines.push(`    timerec: ${r.timerec}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the YAML file and an emulator data file holding the same objects; returns both paths. */
export function writeUserFiles(base, counts) {
  const yaml = `${base}.yaml`;
  const data = `${base}-emulator.json`;
  writeFileSync(yaml, userYaml(counts));
  const store = new EmulatorStore({ empty: true });
  store.groups.installDefaults();
  for (let i = 0; i < counts.mappings; i += 1) {
    const outcome = store.mappings.create(userMapping(i));
    if (!outcome.ok) throw new Error(`seeding mapping ${i}: ${JSON.stringify(outcome)}`);
  }
  for (let i = 0; i < counts.routes; i += 1) {
    const outcome = store.routes.create(userRoute(i));
    if (!outcome.ok) throw new Error(`seeding route ${i}: ${JSON.stringify(outcome)}`);
  }
  store.reload();
  writeFileSync(data, JSON.stringify(store.snapshot()));
  return { yaml, data };
}
