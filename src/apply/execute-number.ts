import type { PlatformClient } from '../api/client.js';
import { DsipformError, InternalError } from '../model/errors.js';
import type { NumberChange, NumberFields } from '../model/kinds/did-number/change.js';
import { changedNumberFields, numberIdentity } from '../model/kinds/did-number/fields.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { NumberInput, NumberRecord } from '../model/number.js';

const NOT_WRITTEN_HINT =
  'Another writer may have changed the number at the same time. Plan again to see what the platform holds, then apply.';

function notWritten(did: string, what: string): DsipformError {
  return new DsipformError(
    'NUMBER_NOT_WRITTEN',
    `number "${did}": the platform answered 200, but reading it back ${what}`,
    NOT_WRITTEN_HINT,
  );
}

/** The platform's numbers of a DID's identity (one list request, by the DID's text without `+`). */
async function readBack(client: PlatformClient, did: string): Promise<NumberRecord[]> {
  const bare = numberIdentity(did);
  return (await client.listNumbers({ contains: bare })).filter((n) => numberIdentity(n.did) === bare);
}

/** Throws NUMBER_NOT_WRITTEN unless the number `id` reads back with the fields asked. */
async function confirm(client: PlatformClient, id: number, asked: NumberFields): Promise<void> {
  const held = (await readBack(client, asked.did)).find((n) => n.id === id);
  if (!held) throw notWritten(asked.did, `finds no number with id ${id}`);
  const differ = changedNumberFields(held, asked);
  if (differ.length > 0) {
    const shown = differ.map(
      (f) => `${f} ${JSON.stringify(held[f as keyof NumberFields])} (asked ${JSON.stringify(asked[f as keyof NumberFields])})`,
    );
    throw notWritten(asked.did, `shows ${shown.join(', ')}`);
  }
}

/**
 * Carries out one number change through the Numbers API with the request its module maps it to,
 * then reads the number back (one list request) and compares it with the change: a write the
 * platform did not keep is NUMBER_NOT_WRITTEN. Resolves to the number's id. Throws `ApiError` on
 * a failed request.
 */
export async function executeNumberChange(change: NumberChange, client: PlatformClient): Promise<number> {
  const [request] = KIND_SPECS.did_number.requests!(change);
  if (!request) throw new InternalError(`a number ${change.action} maps to no request`);
  switch (request.op) {
    case 'create': {
      if (change.action !== 'create') throw new InternalError('a create request of a change that is not a create');
      const made = await client.createNumber(request.input as NumberInput);
      await confirm(client, made.id, change.after);
      return made.id;
    }
    case 'update': {
      if (change.action !== 'update') throw new InternalError('an update request of a change that is not an update');
      await client.updateNumber(request.id, request.patch);
      await confirm(client, request.id, change.after);
      return request.id;
    }
    case 'delete': {
      await client.deleteNumber(request.id).catch((err: unknown) => {
        // Already gone is the goal reached.
        if (!(err instanceof DsipformError && err.code === 'API_NOT_FOUND')) throw err;
      });
      const left = (await readBack(client, change.key)).find((n) => n.id === request.id);
      if (left) throw notWritten(change.key, `still finds it (id ${request.id})`);
      return request.id;
    }
    case 'delete_key':
      throw new InternalError('a number change maps to no delete by key');
    default:
      throw new InternalError(`unknown request ${JSON.stringify(request satisfies never)}`);
  }
}

/**
 * Carries out many number deletes with one request (the Numbers API's bulk delete, the ids in the
 * body; all or none), then one list request to read back that none of them is left: one that is
 * still there is NUMBER_NOT_WRITTEN. Numbers already gone count as deleted.
 */
export async function executeNumberDeletes(changes: readonly NumberChange[], client: PlatformClient): Promise<void> {
  const ids = changes.map((c) => {
    if (c.action !== 'delete') throw new InternalError(`a number ${c.action} in a bulk delete`);
    return c.id;
  });
  await client.deleteNumbers({ ids });
  const wanted = new Set(ids);
  const left = (await client.listNumbers()).filter((n) => wanted.has(n.id));
  if (left.length > 0) {
    const first = left[0]!;
    throw notWritten(first.did, `still finds ${left.map((n) => `"${n.did}" (id ${n.id})`).join(', ')} after the bulk delete`);
  }
}
