// A number's write is read back by the generic executor (the module's readBack, the client's list
// request): another writer that changes the number between the write and the read-back makes the
// change fail with NUMBER_NOT_WRITTEN, naming what the platform holds. Real HTTP to the emulator;
// the other writer is a second real request sent right after the write, so the race is staged
// rather than left to timing.
import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { executeBulkDelete, executeChange } from '../../src/apply/execute.js';
import { DsipformError } from '../../src/model/errors.js';
import type { NumberChange } from '../../src/model/kinds/did-number/change.js';
import { scenario } from '../helpers/scenario.js';

/**
 * The client, with the kind calls' `method` (the generic executor's way to the platform:
 * `client.kind(api)`) replaced by `instead`, which is handed the real call.
 */
function replacing(
  client: PlatformClient,
  method: 'update' | 'deleteMany',
  instead: (call: (...args: unknown[]) => Promise<unknown>) => (...args: unknown[]) => Promise<unknown>,
): PlatformClient {
  const bound = (target: object, prop: string | symbol): unknown => {
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop !== 'kind') return bound(target, prop);
      return (api: Parameters<PlatformClient['kind']>[0]) =>
        new Proxy(target.kind(api), {
          get(calls, name) {
            const value = bound(calls, name);
            return name === method ? instead(value as (...args: unknown[]) => Promise<unknown>) : value;
          },
        });
    },
  });
}

/** The client, with `after` sent (for real) right after each kind call `method` resolves: another writer. */
function racing(client: PlatformClient, method: 'update' | 'deleteMany', after: () => Promise<unknown>): PlatformClient {
  return replacing(client, method, (call) => async (...args) => {
    const answer = await call(...args);
    await after();
    return answer;
  });
}

const ctx = { now: Date.now, checkpoint: () => undefined, env: {} };
const input = { did: '15557770001', status: 'reserved', pool: 'chicago-main' };
const fields = { ...input, carrier: null };

describe('a number write is read back', () => {
  it('fails an update another writer overwrote before the read-back, naming what the platform holds', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const made = await s.client.createNumber(input);
    const update: NumberChange = {
      action: 'update',
      kind: 'did_number',
      key: fields.did,
      id: made.id,
      before: fields,
      after: { ...fields, pool: 'dallas' },
      fields: ['pool'],
    };
    // Without another writer the same update reads back as asked.
    await expect(executeChange(update, s.client, ctx)).resolves.toEqual({ id: made.id });
    const other = racing(s.client, 'update', () => s.client.updateNumber(made.id, { pool: 'boston' }));
    const err = (await executeChange({ ...update, before: update.after, after: { ...fields, pool: 'austin' } }, other, ctx).catch(
      (e: unknown) => e,
    )) as DsipformError;
    expect(err).toBeInstanceOf(DsipformError);
    expect(err.code).toBe('NUMBER_NOT_WRITTEN');
    expect(err.message).toBe('number "15557770001": the platform answered 200, but reading it back shows pool "boston" (asked "austin")');
  });

  it('fails a bulk delete whose numbers another writer kept, naming them', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const a = await s.client.createNumber(input);
    const b = await s.client.createNumber({ ...input, did: '15557770002' });
    const del = (n: typeof a): NumberChange => ({ action: 'delete', kind: 'did_number', key: n.did, id: n.id, before: fields, fields: [] });
    // A platform that answers the bulk delete but keeps the numbers: its answer comes, the numbers stay.
    const keeping = replacing(s.client, 'deleteMany', () => () => Promise.resolve([]));
    const err = (await executeBulkDelete([del(a), del(b)], keeping).catch((e: unknown) => e)) as DsipformError;
    expect(err.code).toBe('NUMBER_NOT_WRITTEN');
    expect(err.message).toBe(
      `number "15557770001": the platform answered 200, but reading it back still finds "15557770001" (id ${a.id}), "15557770002" (id ${b.id}) after the bulk delete`,
    );
    await executeBulkDelete([del(a), del(b)], s.client);
    expect(await s.client.listNumbers()).toEqual([]);
  });
});
