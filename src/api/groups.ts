import type { GatewayLabel } from '../model/group.js';
import { ApiError } from './errors.js';
import type { Sender } from './transport.js';
import { gatewayLabelsFromWire } from './wire.js';

/**
 * The gateways of any group, carrier or endpoint, by their names and addresses: not a kind's
 * object but words beside its ids (`dsipform route --live`). The groups as kinds are their
 * modules' (`KindModule.api`).
 */

/**
 * The deployed platform answers an unknown group 404 with `error: "http"` ("The carrier group
 * doesn't exist", "Endpoint Group Does Not Exist"), which the choke point reads as an unknown
 * path: a JSON 404 that says so is a group that does not exist.
 */
function isAbsentGroup(err: unknown): boolean {
  if (err instanceof ApiError && err.isNotFound) return true;
  return (
    err instanceof ApiError &&
    err.code === 'API_NO_SUCH_ENDPOINT' &&
    err.status === 404 &&
    /group (doesn't|does not) exist/i.test(err.platformMsg ?? '')
  );
}

/**
 * The name and address of each gateway of one group, carrier or endpoint (one request:
 * `GET /endpointgroups/<id>` answers any group), or `null` when no group has this id. For words
 * only (`dsipform route --live` names the gateways of its decision).
 */
export async function getGroupGateways(t: Sender, gwgroupid: number): Promise<GatewayLabel[] | null> {
  const path = `/endpointgroups/${encodeURIComponent(gwgroupid)}`;
  try {
    const env = await t.send('GET', path);
    return env.data.length === 0 ? null : gatewayLabelsFromWire(env.data[0], { method: 'GET', path });
  } catch (err) {
    if (isAbsentGroup(err)) return null;
    throw err;
  }
}
