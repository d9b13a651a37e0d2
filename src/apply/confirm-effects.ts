import type { PlatformClient } from '../api/client.js';
import { DsipformError } from '../model/errors.js';
import type { PlatformEffect } from '../model/kinds/did-number/effects.js';
import { numberIdentity } from '../model/number.js';
import type { Change } from '../model/plan.js';

/**
 * Reads back what the platform did by itself when `change` was applied (its `effects`): the
 * mapping a number write empties (one read by DID), the number a mapping write marks (one list
 * request). So an apply checks both collections, not only the one the change wrote. An effect the
 * platform did not make (another writer, or a platform that does not do it) is
 * NUMBER_EFFECT_NOT_SEEN: the rest of the plan was planned on it.
 */
export async function confirmEffects(change: Change, client: PlatformClient): Promise<void> {
  for (const e of change.effects ?? []) {
    const seen = await whatIsHeld(e, client);
    if (seen !== null)
      throw new DsipformError(
        'NUMBER_EFFECT_NOT_SEEN',
        `${e.words}; but reading it back ${seen}`,
        'The platform did not do what its Numbers module does (or another writer changed it since). Plan again to see what the platform holds, then apply.',
      );
  }
}

/** What the platform holds that differs from the effect, in words; `null` when it holds the effect. */
async function whatIsHeld(e: PlatformEffect, client: PlatformClient): Promise<string | null> {
  if (e.does !== 'status') {
    const m = await client.getInboundMapping({ did: e.did });
    if (!m) return `finds no inbound mapping ${e.did}`;
    return m.servers.join(',') === '' ? null : `shows mapping ${e.did} with servers ${JSON.stringify(m.servers)}`;
  }
  const bare = numberIdentity(e.did);
  const n = (await client.listNumbers({ contains: bare })).find((x) => numberIdentity(x.did) === bare);
  if (!n) return `finds no number ${e.did}`;
  return n.status === e.status ? null : `shows number ${n.did} ${n.status === null ? 'with no status' : n.status}`;
}
