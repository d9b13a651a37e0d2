import { describe, expect, it } from 'vitest';
import { unrecordedLeasesWarning, type UnrecordedEntry, type UnrecordedWhen } from '../../src/render/unrecorded-leases.js';

const T = 'https://dsip.example.com';
const ops = (expires: string): UnrecordedEntry => ({ email: 'ops@example.com', expires });

describe('unrecordedLeasesWarning', () => {
  it.each<[string, UnrecordedEntry[], UnrecordedWhen, string]>([
    [
      'one lost answer',
      [ops('2030-01-01T01:10:00.000Z')],
      'this-run',
      `warning: 1 lease may have been obtained from ${T} and not recorded (ops@example.com, expires by 2030-01-01T01:10:00.000Z): this run lost the answer to its obtain. The platform cannot list leases or read one back, so dsipform cannot find it`,
    ],
    [
      'notes of one email grouped, with the latest expiry',
      [ops('2030-01-01T01:10:05.000Z'), ops('2030-01-01T01:10:09.000Z'), ops('2030-01-01T01:10:01.000Z')],
      'earlier',
      `warning: 3 leases may have been obtained from ${T} and not recorded (3 for ops@example.com, all expire by 2030-01-01T01:10:09.000Z): a run lost the answers to these obtains, or was stopped while waiting for them.`,
    ],
    [
      'a known id on its own, before other emails',
      [{ email: 'desk@example.com', expires: '2030-01-01T01:00:00.000Z', lease_id: 17 }, ops('2030-01-01T01:10:00.000Z')],
      'this-run',
      `warning: 2 leases may have been obtained from ${T} and not recorded (lease 17, desk@example.com, expires at 2030-01-01T01:00:00.000Z; ops@example.com, expires by 2030-01-01T01:10:00.000Z): this run lost the answers to some of these obtains, and could not write the others to the state.`,
    ],
  ])('%s', (_, entries, when, start) => {
    expect(unrecordedLeasesWarning(T, entries, when)).toContain(start);
  });

  it('says how to revoke the leases whose id it knows', () => {
    const known = (id: number): UnrecordedEntry => ({ email: 'ops@example.com', expires: '2030-01-01T01:00:00.000Z', lease_id: id });
    expect(unrecordedLeasesWarning(T, [known(4)], 'this-run')).toMatch(
      /this run could not write it to the state\. .* To revoke lease 4 now: dsipform lease revoke 4 against https:\/\/dsip\.example\.com\.$/,
    );
    expect(unrecordedLeasesWarning(T, [known(4), known(9)], 'this-run')).toMatch(
      /To revoke leases 4, 9 now: dsipform lease revoke ID against/,
    );
    expect(unrecordedLeasesWarning(T, [ops('2030-01-01T01:00:00.000Z')], 'this-run')).not.toContain('revoke');
  });
});
