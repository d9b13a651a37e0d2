import type { NumberRecord } from '../../src/model/number.js';
import type { DesiredMapping, DesiredRoute, DesiredState, Policy } from '../../src/model/desired.js';
import { DEFAULT_POLICY } from '../../src/model/desired.js';
import type { InboundMapping } from '../../src/model/inbound-mapping.js';
import type { OutboundRoute } from '../../src/model/outbound-route.js';

/** A desired mapping with defaults. */
export const dm = (did: string, servers: string[] = ['1'], notes = ''): DesiredMapping => ({ did, servers, notes });
/** A live mapping. */
export const lm = (ruleid: number, did: string, servers: string[] = ['1'], notes = ''): InboundMapping => ({ ruleid, did, servers, notes });
/** A desired route with defaults; `from` makes it LCR. */
/** A live number of the platform's inventory, every other field empty. */
export const ln = (id: number, did: string, status: string | null = 'reserved', extra: Partial<NumberRecord> = {}): NumberRecord => ({
  id,
  did,
  status,
  carrier: null,
  pool: null,
  assigned_length: null,
  assigned_reference_id: null,
  assigned_date: null,
  date_created: null,
  ...extra,
});

export const dr = (name: string, prefix: string, extra: Partial<DesiredRoute> = {}): DesiredRoute => ({
  name,
  prefix,
  from_prefix: null,
  gwgroupid: '2',
  priority: 0,
  timerec: '',
  routeid: '',
  ...extra,
});
/** A live route; an LCR route when `from_prefix` is given. */
export const lr = (ruleid: number, name: string, prefix: string, extra: Partial<OutboundRoute> = {}): OutboundRoute => ({
  ruleid,
  groupid: extra.from_prefix ? 10000 + ruleid : 8000,
  name,
  prefix,
  from_prefix: null,
  gwgroupid: '2',
  priority: 0,
  timerec: '',
  routeid: '',
  ...extra,
});
/** A desired state; omit a collection to leave it unmanaged. */
export function desired(parts: {
  inbound_mappings?: DesiredMapping[];
  outbound_routes?: DesiredRoute[];
  policy?: Partial<Policy>;
}): DesiredState {
  return {
    ...(parts.inbound_mappings ? { inbound_mappings: parts.inbound_mappings } : {}),
    ...(parts.outbound_routes ? { outbound_routes: parts.outbound_routes } : {}),
    policy: { ...DEFAULT_POLICY, ...parts.policy, ignore: { ...DEFAULT_POLICY.ignore, ...parts.policy?.ignore } },
    files: ['test.yaml'],
  };
}
