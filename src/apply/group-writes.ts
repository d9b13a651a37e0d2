import { ApiError } from '../api/errors.js';
import type { DsipformError } from '../model/errors.js';

/**
 * The write of a gateway group (carrier or endpoint group) itself: a 200 without a group id (the
 * client's API_SWALLOWED_ERROR) is a write that did not happen, said in the kind's own error
 * (`notWritten`: CARRIER_GROUP_NOT_WRITTEN, ENDPOINT_GROUP_NOT_WRITTEN).
 */
export async function written<T>(verb: string, write: () => Promise<T>, notWritten: (what: string) => DsipformError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'API_SWALLOWED_ERROR') throw notWritten(`the ${verb} answered no gwgroupid`);
    throw err;
  }
}

/** An update of a gateway group: its endpoints before and after, and the live gateway ids in the order of `before.endpoints`. */
interface GroupUpdate {
  readonly before: { readonly endpoints: readonly { readonly name: string }[] };
  readonly after: { readonly endpoints: readonly { readonly name: string }[] };
  readonly gwids: readonly number[];
}

/**
 * The live gateway of each endpoint to send, matched by endpoint name: an endpoint sent with its
 * gateway id keeps that gateway (and its id, which mappings and routes may name); a new endpoint has
 * none (it is created). Names may repeat within a group (the install's default groups do): each live
 * gateway is used once.
 */
export function gwidsByName(change: GroupUpdate): (number | undefined)[] {
  const left = change.before.endpoints.map((e, i) => ({ name: e.name, gwid: change.gwids[i] }));
  return change.after.endpoints.map((e) => {
    const at = left.findIndex((l) => l.name === e.name);
    return at < 0 ? undefined : left.splice(at, 1)[0]!.gwid;
  });
}
