import { DsipformError } from '../../errors.js';
import type { KindReadBack } from '../../kind-execution.js';
import type { NumberFields } from './change.js';
import { changedNumberFields } from './fields.js';

const NOT_WRITTEN_HINT =
  'Another writer may have changed the number at the same time. Plan again to see what the platform holds, then apply.';

/**
 * A number's write is read back (the client reads it with one list request): NUMBER_NOT_WRITTEN
 * names the fields the platform did not keep, with what it holds and what was asked.
 */
export const NUMBER_READ_BACK: KindReadBack<'did_number'> = {
  notWritten: (did, what) =>
    new DsipformError('NUMBER_NOT_WRITTEN', `number "${did}": the platform answered 200, but reading it back ${what}`, NOT_WRITTEN_HINT),
  absent: (_verb, id) => `finds no number with id ${id}`,
  mismatch: (_verb, _id, asked, held) => {
    const differ = changedNumberFields(held, asked);
    if (differ.length === 0) return undefined;
    const shown = differ.map(
      (f) => `${f} ${JSON.stringify(held[f as keyof NumberFields])} (asked ${JSON.stringify(asked[f as keyof NumberFields])})`,
    );
    return `shows ${shown.join(', ')}`;
  },
  remains: (id) => `still finds it (id ${id})`,
  remainsAfterBulk: (left) => ({
    key: left[0]!.did,
    what: `still finds ${left.map((n) => `"${n.did}" (id ${n.id})`).join(', ')} after the bulk delete`,
  }),
};
