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

/** The gateway ids an endpoint-group update keeps, by endpoint name: the model's, shared with the Terraform resource. */
export { gwidsByName } from '../model/gateway-ids.js';
