// The live checksum of a plan (plan/live-checksum.ts): sha256 of the canonical JSON of the managed
// collections, each in its kind's stable order. The whole is hashed from each collection's text
// piece by piece: a big platform's joined text (megabytes) is never made (issue 33 §4).
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { CollectionName } from '../../src/model/desired.js';
import type { LiveState } from '../../src/model/live.js';
import { checksumOf } from '../../src/plan/checksum.js';
import { liveChecksum, liveChecksums } from '../../src/plan/live-checksum.js';
import { lm, lr } from './builders.js';

const live: LiveState = {
  inbound_mappings: Array.from({ length: 300 }, (_, i) => lm(300 - i, `1555${1000 + i}`, ['66', '#7'], `Réception ${i} — café`)),
  outbound_routes: Array.from({ length: 100 }, (_, i) => lr(1000 + i, `Route ${i} — Zürich`, `44${i}`)),
};
const BOTH: CollectionName[] = ['inbound_mappings', 'outbound_routes'];

describe('liveChecksum', () => {
  it.each<[string, CollectionName[]]>([
    ['no collection', []],
    ['one collection', ['outbound_routes']],
    ['two collections', BOTH],
  ])('of %s is the checksum of the collections as canonical JSON', (_, managed) => {
    const records = Object.fromEntries(
      managed.map((c) => [c, [...(live[c] as unknown as readonly { ruleid: number }[])].sort((a, b) => a.ruleid - b.ruleid)]),
    );
    expect(liveChecksum(live, managed)).toBe(checksumOf(records));
    expect(liveChecksums(live, managed).whole).toBe(checksumOf(records));
  });

  it('gives the hash no text longer than one collection: the whole text is never made', () => {
    const each = BOTH.map((c) => JSON.stringify(live[c]).length);
    const hashProto = Object.getPrototypeOf(createHash('sha256')) as { update: (data: string) => unknown };
    const update = vi.spyOn(hashProto, 'update');
    try {
      liveChecksums(live, BOTH);
      const longest = Math.max(...update.mock.calls.map(([data]) => String(data).length));
      // Before: the joined text of both collections went to the hash in one piece.
      expect(longest).toBeLessThanOrEqual(Math.max(...each));
    } finally {
      update.mockRestore();
    }
  });
});
