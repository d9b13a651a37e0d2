import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../helpers/emulator.js';
import { scenario } from '../helpers/scenario.js';

/** Ten leases of one email: what the issue applied through dropped connections. */
const TEN_LEASES = `version: 1
endpoint_leases:
${Array.from({ length: 10 }, (_, i) => `  - name: phone-${i + 1}\n    email: ops@example.com\n    ttl: 1h\n`).join('')}`;

/** A lease as the emulator's data file holds it: every lease the platform issued and still holds. */
interface IssuedLease {
  leaseid: number;
  email: string;
  ttl: number;
  obtainedAt: number;
}

/** One lease named by a warning: by id where the warning knows it, else by email and expiry. */
interface Warned {
  email: string;
  expires: number;
  leaseId?: number;
}

/**
 * Every lease the "may have been obtained … and not recorded (…)" warnings in `stderr` name: `lease
 * ID, EMAIL, expires at T`, `EMAIL, expires by T`, or `N for EMAIL, all expire by T` (N leases).
 */
function warnedLeases(stderr: string): Warned[] {
  const lists = [...stderr.matchAll(/^warning: \d+ leases? may have been obtained from \S+ and not recorded \((.*?)\): /gm)];
  return lists.flatMap(([, list]) =>
    list!.split('; ').flatMap((entry): Warned[] => {
      const known = /^lease (\d+), (\S+), expires at (\S+)$/.exec(entry);
      if (known) return [{ leaseId: Number(known[1]), email: known[2]!, expires: Date.parse(known[3]!) }];
      const noted = /^(?:(\d+) for )?(\S+), (?:expires|all expire) by (\S+)$/.exec(entry);
      if (!noted) throw new Error(`a warning entry in an unknown form: ${entry}`);
      return Array.from({ length: Number(noted[1] ?? 1) }, () => ({ email: noted[2]!, expires: Date.parse(noted[3]!) }));
    }),
  );
}

/**
 * The issued leases that neither the state holds nor a warning names: a warning entry with an id
 * accounts for that lease; one without accounts for one lease of its email that expires by then.
 */
function unaccounted(issued: readonly IssuedLease[], recorded: ReadonlySet<number>, warned: readonly Warned[]): IssuedLease[] {
  const byId = new Set(warned.flatMap((w) => (w.leaseId === undefined ? [] : [w.leaseId])));
  const notes = warned.filter((w) => w.leaseId === undefined);
  return issued.filter((lease) => {
    if (recorded.has(lease.leaseid) || byId.has(lease.leaseid)) return false;
    const at = notes.findIndex((n) => n.email === lease.email && n.expires >= lease.obtainedAt + lease.ttl * 1000);
    if (at < 0) return true;
    notes.splice(at, 1);
    return false;
  });
}

describe('leases obtained through dropped connections', () => {
  it('every lease the platform issued is in the state or named in a warning, on that run and on the next, over seeds 7-11', async () => {
    let lost = 0;
    for (const seed of [7, 8, 9, 10, 11]) {
      const clock = manualClock();
      const dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-drops-')), 'emu.json');
      const s = await scenario({ dataFile, faults: { dropRate: 0.3, seed }, now: clock.now });
      const path = s.file('leases.yaml', TEN_LEASES);
      const stateFile = join(s.dir, '.dsipform', 'state.json');
      const apply = await s.run(['apply', path, '--auto-approve', '--retry-base', '1', '--state', stateFile]);
      await s.emu.close(); // waits for the data file's last save

      const emulated = JSON.parse(readFileSync(dataFile, 'utf8')) as { nextLeaseid: number; leases: IssuedLease[] };
      const issued = emulated.leases;
      expect(issued, `seed ${seed}: a lease expired or was revoked`).toHaveLength(emulated.nextLeaseid - 1);
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { leases: { lease_id: number }[]; obtaining?: unknown[] };
      const recorded = new Set(state.leases.map((r) => r.lease_id));
      lost += issued.filter((l) => !recorded.has(l.leaseid)).length;

      const warnedNow = warnedLeases(apply.stderr);
      expect(unaccounted(issued, recorded, warnedNow), `seed ${seed}, the run that lost them:\n${apply.stderr}`).toEqual([]);
      expect(warnedNow.filter((w) => w.leaseId === undefined)).toHaveLength(state.obtaining?.length ?? 0);

      // A later run reads the notes the state kept, against a platform that answers every request.
      const later = await scenario({ dataFile, now: clock.now });
      const output = await later.run(['output', 'leases', '--state', stateFile]);
      expect(unaccounted(issued, recorded, warnedLeases(output.stderr)), `seed ${seed}, a later run:\n${output.stderr}`).toEqual([]);
      const again = await later.run(['apply', path, '--auto-approve', '--state', stateFile]);
      expect(again.code, again.stderr).toBe(0);
      expect(unaccounted(issued, recorded, warnedLeases(again.stderr)), `seed ${seed}, a later apply:\n${again.stderr}`).toEqual([]);
    }
    // The seeds were chosen so that answers are lost: otherwise this test proves nothing.
    expect(lost).toBeGreaterThan(0);
  }, 120_000);
});
