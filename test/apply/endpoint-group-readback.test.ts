import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import type { KindClient } from '../../src/api/kind-client.js';
import { executeChange } from '../../src/apply/execute.js';
import type { EndpointGroup, EndpointGroupContent } from '../../src/model/endpoint-group.js';
import { DsipformError } from '../../src/model/errors.js';
import type { EndpointGroupChange } from '../../src/model/kinds/endpoint-group/change.js';
import { endpointGroupFields } from '../../src/model/kinds/endpoint-group/fields.js';
import { secretFingerprint } from '../../src/api/secret-fingerprint.js';

/*
 * A platform that answers 200 to a write and keeps nothing cannot be made by the emulator's
 * endpoint-group handlers (they answer every failure), so this one fault is a stand-in API: what
 * counts is that the executor reads back and fails the change, never naming the password.
 */

const HELD: EndpointGroup = {
  gwgroupid: 7,
  gwids: [11],
  name: 'Acme PBX',
  call_limit: 30,
  strip: 0,
  prefix: '',
  endpoints: [{ name: 'acme-main', hostname: '203.0.113.10:5060', weight: 1 }],
  auth: {
    type: 'userpwd',
    auth_username: 'acme',
    auth_domain: 'pbx.acme.example',
    password_fingerprint: secretFingerprint('old-password'),
  },
  notifications: {},
  cdr: null,
  fusionpbx: false,
};

/** The endpoint-group calls of the client, as the generic executor reaches them (`client.kind(api)`). */
function api(held: EndpointGroup, sent: EndpointGroupContent[]): PlatformClient {
  const calls: Pick<KindClient<EndpointGroup>, 'get' | 'create' | 'update' | 'delete' | 'deletesByKey' | 'deletesMany'> = {
    get: () => Promise.resolve(held),
    create: () => Promise.resolve({ id: held.gwgroupid }),
    update: (_ref, content) => {
      sent.push(content as EndpointGroupContent);
      return Promise.resolve(undefined);
    },
    delete: () => Promise.resolve(),
    deletesByKey: false,
    deletesMany: false,
  };
  const client: Pick<PlatformClient, 'kind' | 'addSecret'> = {
    kind: () => calls as never,
    addSecret: () => undefined,
  };
  return client as PlatformClient;
}

const ctx = (env: NodeJS.ProcessEnv) => ({ env, now: Date.now, checkpoint: () => undefined });

const before = endpointGroupFields(HELD);
const after = {
  ...before,
  call_limit: 40,
  auth: { ...before.auth!, password_env: 'ACME_PBX_PASSWORD', password_state: 'changes' as const },
};
const update: EndpointGroupChange = {
  action: 'update',
  kind: 'endpoint_group',
  key: 'Acme PBX',
  gwgroupid: 7,
  gwids: [11],
  before,
  after,
  fields: ['call_limit', 'auth'],
};

describe('an endpoint-group write is read back', () => {
  it('fails a 200 that wrote nothing, naming the field and never the password', async () => {
    const sent: EndpointGroupContent[] = [];
    const err = await executeChange(update, api(HELD, sent), ctx({ ACME_PBX_PASSWORD: 'new-password-1' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DsipformError);
    expect((err as DsipformError).code).toBe('ENDPOINT_GROUP_NOT_WRITTEN');
    expect((err as DsipformError).message).toBe(
      'the platform answered 200 but the endpoint group was not written: after the update of gwgroupid 7, call_limit asked 40, holds 30; auth password differs from what was sent',
    );
    expect(JSON.stringify(err)).not.toContain('new-password-1');
    // The whole endpoint set was sent, the kept endpoint with its gateway id, the password from the environment.
    expect(sent[0]?.auth?.auth_password).toBe('new-password-1');
  });

  it('passes a write that reads back as asked (the password compared by fingerprint)', async () => {
    const written: EndpointGroup = {
      ...HELD,
      call_limit: 40,
      auth: { ...HELD.auth!, password_fingerprint: secretFingerprint('new-password-1') },
    };
    await expect(executeChange(update, api(written, []), ctx({ ACME_PBX_PASSWORD: 'new-password-1' }))).resolves.toEqual({ gwgroupid: 7 });
  });
});
