// Desired-state files of an ITSP's routing at scale (issue 36, part 2), shaped like the files users
// write (a policy block with a boolean, names with spaces and punctuation, time recurrences written
// plain), in four shapes that used to make the routing analysis grow with the square of the input:
//   - lcr:      K per-customer LCR routes on one To prefix, each with its own equal-length From
//               prefix (an area code of 4 digits), beside a catch-all route;
//   - lcrTimed: the same, each LCR route open one hour a day (its own hour and minute);
//   - minutes:  K one-minute daily routes on one prefix, by priority, and one route every 4 years;
//   - yearly:   K prefixes, each with its own yearly recurrence (a day of the year), over a catch-all.
// An emulator data file of the fresh install's groups goes with them (the routes name its carrier
// groups), so `plan` creates every route and decides every class of calls.
import { writeFileSync } from 'node:fs';
import { EmulatorStore } from '../../dist/emulator/index.js';

const POLICY = ['policy:', '  allow_unrouting: true', '  max_deletes: 20%', '  ignore:', '    outbound_routes: [legacy-*]'];
const pad = (n, w = 2) => String(n).padStart(w, '0');

/** The catch-all route: the calls no other route takes. */
const CATCH_ALL = { name: 'Default — everything else', prefix: '', gwgroupid: '1' };

/** Route `i` of shape `shape` (of `k`). */
export function itspRouteAt(shape, i, k) {
  const gwgroupid = String(1 + (i % 9));
  switch (shape) {
    case 'lcr':
    case 'lcrTimed': {
      const route = { name: `Customer ${i} — area ${2000 + i} (US & Canada)`, prefix: '1', gwgroupid, from_prefix: String(2000 + i) };
      if (shape === 'lcr') return route;
      const minute = (i * 7) % 1440;
      return { ...route, timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1H|daily` };
    }
    case 'minutes': {
      if (i === k - 1)
        return { name: 'Leap day: every 4 years', prefix: '1', gwgroupid, priority: 0, timerec: '20280229T000000|24H|yearly||4' };
      const minute = (i * 9) % 1440;
      return {
        name: `Minute ${i}: maintenance window`,
        prefix: '1',
        gwgroupid,
        priority: i + 1,
        timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`,
      };
    }
    case 'yearly': {
      const day = new Date(Date.UTC(2026, 0, 1 + (i % 365)));
      const date = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
      return { name: `Holiday ${i} (office closed)`, prefix: String(100_000 + i), gwgroupid, timerec: `${date}T000000|24H|yearly` };
    }
    default:
      throw new Error(`unknown shape ${shape}`);
  }
}

/** The YAML of shape `shape` with `k` routes (the catch-all beside them), as people write it. */
export function itspYaml(shape, k) {
  const lines = ['# our routing, as the NOC keeps it', 'version: 1', ...POLICY, '', 'outbound_routes:'];
  for (let i = 0; i <= k; i += 1) {
    const r = i < k ? itspRouteAt(shape, i, k) : CATCH_ALL;
    lines.push(`  - name: ${r.name.includes(': ') ? JSON.stringify(r.name) : r.name}`, `    prefix: "${r.prefix}"`);
    lines.push(`    gwgroupid: "${r.gwgroupid}"`);
    if (r.priority !== undefined) lines.push(`    priority: ${r.priority}`);
    if (r.from_prefix) lines.push(`    from_prefix: "${r.from_prefix}"`);
    if (r.timerec) lines.push(`    timerec: ${r.timerec}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes an emulator data file of the fresh install's groups only (no route): a plan creates them all. */
export function writeGroupsOnlyData(file) {
  const store = new EmulatorStore({ empty: true });
  store.groups.installDefaults();
  store.reload();
  writeFileSync(file, JSON.stringify(store.snapshot()));
  return file;
}
