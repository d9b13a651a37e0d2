import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/apply/apply-plan.js';
import type { Change } from '../../src/model/plan.js';

// The outcome as the parts spread one after the other define it (the report's JSON keeps this order).
function bySpreading(c: Record<string, unknown>, ids: Record<string, number | undefined> | undefined, tail: Record<string, unknown>) {
  return {
    action: c.action,
    kind: c.kind,
    key: c.key,
    ...('ruleid' in c ? { ruleid: c.ruleid } : {}),
    ...('lease_id' in c ? { lease_id: c.lease_id } : {}),
    ...('gwgroupid' in c ? { gwgroupid: c.gwgroupid } : {}),
    ...(ids?.ruleid !== undefined ? { ruleid: ids.ruleid } : {}),
    ...(ids?.lease_id !== undefined ? { lease_id: ids.lease_id } : {}),
    ...(ids?.gwgroupid !== undefined ? { gwgroupid: ids.gwgroupid } : {}),
    ...tail,
  };
}

const id = fc.option(fc.nat(), { nil: undefined });

describe('outcomeOf', () => {
  it('gives the keys, values and order of the spread definition', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            action: fc.constantFrom('create', 'update', 'delete', 'obtain'),
            kind: fc.constantFrom('inbound_mapping', 'carrier_group'),
            key: fc.string(),
            ruleid: id,
            lease_id: id,
            gwgroupid: id,
          },
          { requiredKeys: ['action', 'kind', 'key'] },
        ),
        fc.option(fc.record({ ruleid: id, lease_id: id, gwgroupid: id }, { requiredKeys: [] }), { nil: undefined }),
        fc.oneof(
          fc.record({ status: fc.constant('applied' as const), attempts: fc.nat() }),
          fc.record({
            status: fc.constant('failed' as const),
            error: fc.record({ code: fc.string(), message: fc.string() }),
            attempts: fc.nat(),
          }),
          fc.record({ status: fc.constant('not_attempted' as const), reason: fc.string(), attempts: fc.constant(0) }),
        ),
        (change, ids, tail) => {
          const got = outcomeOf(change as unknown as Change, ids, tail);
          expect(JSON.stringify(got)).toBe(JSON.stringify(bySpreading(change, ids, tail)));
          expect(Object.keys(got)).toEqual(Object.keys(bySpreading(change, ids, tail)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
