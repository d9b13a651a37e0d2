// The generic executor (src/apply/write-change.ts) sends what a kind's module maps a change to and
// compares what reads back the way the module says: these tables hold the modules' request mappings
// and read-back words, pure, without a platform. Before the executor was one, the group kinds and
// numbers had no request mapping or read-back in their modules (their executors in src/apply/ held
// both), so each case here failed.
import { describe, expect, it } from 'vitest';
import { secretFingerprint } from '../../src/api/secret-fingerprint.js';
import type { Kind } from '../../src/model/desired.js';
import type { CarrierGroup } from '../../src/model/carrier-group.js';
import type { EndpointGroup } from '../../src/model/endpoint-group.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import type { CarrierGroupChange } from '../../src/model/kinds/carrier-group/change.js';
import type { EndpointGroupChange } from '../../src/model/kinds/endpoint-group/change.js';
import type { NumberChange } from '../../src/model/kinds/did-number/change.js';
import type { NumberRecord } from '../../src/model/number.js';
import type { CarrierGroupFields } from '../../src/model/plan.js';

const e = (name: string, hostname: string) => ({ name, hostname, strip: 0, prefix: '', weight: 1 });
const before: CarrierGroupFields = {
  name: 'BW',
  lb_enabled: false,
  endpoints: [e('a', 'a.example.com:5060'), e('b', 'b.example.com:5060')],
  auth: null,
};
const auth = { type: 'userpwd' as const, auth_username: 'bw', auth_domain: 'sip.bw.example', password_env: 'BW_PASSWORD' };
const after: CarrierGroupFields = { ...before, endpoints: [e('b', 'b.example.com:5060'), e('c', 'c.example.com:5060')], auth };
const carrierUpdate: CarrierGroupChange = {
  action: 'update',
  kind: 'carrier_group',
  key: 'BW',
  gwgroupid: 4,
  gwids: [40, 41],
  before,
  after,
  fields: ['endpoints', 'auth'],
};

describe("a kind's request mapping", () => {
  it('sends a carrier group whole, the kept endpoint with its gateway id and the password the executor read', () => {
    expect(KIND_SPECS.carrier_group.requests!(carrierUpdate, { password: 's3cret' })).toEqual([
      { op: 'update', id: 4, patch: { ...after, auth: { ...auth, auth_password: 's3cret' } }, members: [41, undefined] },
    ]);
    expect(KIND_SPECS.carrier_group.requests!({ ...carrierUpdate, action: 'delete' }, {})).toEqual([{ op: 'delete', id: 4 }]);
  });

  it("sends an endpoint group without the plan's password state", () => {
    const fields = {
      name: 'PBX',
      call_limit: null,
      strip: 0,
      prefix: '',
      endpoints: [],
      auth: { ...auth, password_state: 'changes' as const },
      notifications: {},
      cdr: null,
    };
    const create: EndpointGroupChange = { action: 'create', kind: 'endpoint_group', key: 'PBX', after: fields, fields: [] };
    const [request] = KIND_SPECS.endpoint_group.requests!(create, { password: 'pw' });
    expect(request).toEqual({ op: 'create', input: { ...fields, auth: { ...auth, auth_password: 'pw' } } });
  });
});

describe("a kind's read-back words", () => {
  const printOf = { password: 'new', fingerprint: secretFingerprint };

  it.each<[Kind, string]>([
    ['carrier_group', 'CARRIER_GROUP_NOT_WRITTEN'],
    ['endpoint_group', 'ENDPOINT_GROUP_NOT_WRITTEN'],
    ['did_number', 'NUMBER_NOT_WRITTEN'],
  ])('%s fails a write that did not stick with %s', (kind, code) => {
    const check = KIND_SPECS[kind].readBack;
    expect(check?.notWritten('k', 'x').code).toBe(code);
  });

  it('says which carrier-group fields the platform did not keep, never the password', () => {
    const { auth: _none, ...content } = before;
    const held: CarrierGroup = { ...content, gwgroupid: 4, gwids: [40, 41] };
    const what = KIND_SPECS.carrier_group.readBack!.mismatch('update', 4, after, held, printOf);
    expect(what).toBe(
      'after the update of gwgroupid 4, endpoints asked b b.example.com:5060 (strip 0, prefix "", weight 1), c c.example.com:5060 (strip 0, prefix "", weight 1), holds a a.example.com:5060 (strip 0, prefix "", weight 1), b b.example.com:5060 (strip 0, prefix "", weight 1); auth asked userpwd, holds none',
    );
    expect(KIND_SPECS.carrier_group.readBack!.mismatch('update', 4, before, held, printOf)).toBeUndefined();
  });

  it("compares an endpoint group's password by fingerprint only", () => {
    const fields = { name: 'PBX', call_limit: null, strip: 0, prefix: '', endpoints: [], auth, notifications: {}, cdr: null };
    const held = (print: string): EndpointGroup => ({
      ...fields,
      fusionpbx: false,
      gwgroupid: 9,
      gwids: [],
      auth: { ...auth, password_fingerprint: print },
    });
    const check = KIND_SPECS.endpoint_group.readBack!;
    expect(check.mismatch('create', 9, fields, held(secretFingerprint('new')), printOf)).toBeUndefined();
    const what = check.mismatch('create', 9, fields, held(secretFingerprint('old')), printOf);
    expect(what).toBe('after the create of gwgroupid 9, auth password differs from what was sent');
    expect(what).not.toContain('new');
  });

  it('names the numbers a bulk delete left', () => {
    const left = [
      { id: 3, did: '15557770001' },
      { id: 5, did: '15557770002' },
    ] as NumberRecord[];
    expect(KIND_SPECS.did_number.readBack!.remainsAfterBulk!(left)).toEqual({
      key: '15557770001',
      what: 'still finds "15557770001" (id 3), "15557770002" (id 5) after the bulk delete',
    });
    const change = { action: 'delete', kind: 'did_number', key: '15557770001', id: 3 } as NumberChange;
    expect(KIND_SPECS.did_number.requests!(change, {})).toEqual([{ op: 'delete', id: 3 }]);
  });
});
