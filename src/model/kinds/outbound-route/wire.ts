import { FLT_OUTBOUND } from '../../constants.js';
import type { OutboundRoute } from '../../outbound-route.js';
import { bareGwgroupid } from '../../rules.js';
import { wireText, wireUnset, type WireReader } from '../../wire-reader.js';

/**
 * An outbound route as the platform answers it → model: `from_prefix` `null` or `""` for a simple
 * route, groupid absent (the simple routes' group), gwgroupid with or without `#`, priority absent as 0.
 */
export function routeFromWire(value: unknown, read: WireReader): OutboundRoute {
  const rec = read.record(value);
  const from = rec.from_prefix;
  return {
    ruleid: read.int(rec, 'ruleid'),
    groupid: rec.groupid === undefined || rec.groupid === null ? FLT_OUTBOUND : read.int(rec, 'groupid'),
    name: wireText(rec, 'name'),
    prefix: wireText(rec, 'prefix'),
    from_prefix: typeof from === 'string' && from !== '' ? from : null,
    gwgroupid: bareGwgroupid(wireText(rec, 'gwgroupid')),
    priority: wireUnset(rec, 'priority') ? 0 : read.int(rec, 'priority'),
    timerec: wireText(rec, 'timerec'),
    routeid: wireText(rec, 'routeid'),
  };
}
