import { describe, expect, it } from 'vitest';
import type { DesiredLease } from '../../src/model/desired.js';
import type { LeaseRecord } from '../../src/model/lease.js';
import { diffLeases } from '../../src/model/kinds/endpoint-lease/diff.js';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const want = (name: string, ttl = 900, extra: Partial<DesiredLease> = {}): DesiredLease => ({
  name,
  email: 'ops@example.com',
  ttl,
  renew_before: Math.floor(ttl / 10),
  ...extra,
});
const held = (name: string, expiresInS: number, extra: Partial<LeaseRecord> = {}): LeaseRecord => ({
  name,
  lease_id: 7,
  username: 'lease7',
  domain: 'd',
  password: 'pw-secret-value-xxxxxxxxxxxxxxxx',
  email: 'ops@example.com',
  ttl: 900,
  obtained_at: new Date(T0 - 1000).toISOString(),
  expires_at: new Date(T0 + expiresInS * 1000).toISOString(),
  source: 'files',
  target: 'https://dsip.example.com',
  ...extra,
});
const none = () => false;

function view(desired: DesiredLease[], records: LeaseRecord[], ignored: (n: string) => boolean = none) {
  const r = diffLeases(desired, records, T0, ignored);
  return {
    changes: r.changes.map((c) => `${c.action} ${c.key}${c.action === 'renew' ? ` [${c.fields.join(',')}]` : ''}`),
    expired: r.expired,
    unchanged: r.unchanged,
  };
}

describe('diffLeases', () => {
  it.each<[string, DesiredLease[], LeaseRecord[], ReturnType<typeof view>]>([
    ['obtain what is declared and not held', [want('a')], [], { changes: ['obtain a'], expired: [], unchanged: 0 }],
    ['a held lease with time left is unchanged', [want('a')], [held('a', 600)], { changes: [], expired: [], unchanged: 1 }],
    [
      'renew within renew_before (90 s of 900)',
      [want('a')],
      [held('a', 90)],
      { changes: ['renew a [expires_at]'], expired: [], unchanged: 0 },
    ],
    ['just outside renew_before', [want('a')], [held('a', 91)], { changes: [], expired: [], unchanged: 1 }],
    [
      'renew when the email changed',
      [want('a', 900, { email: 'new@example.com' })],
      [held('a', 600)],
      { changes: ['renew a [email]'], expired: [], unchanged: 0 },
    ],
    ['renew when the ttl changed', [want('a', 300)], [held('a', 600)], { changes: ['renew a [ttl]'], expired: [], unchanged: 0 }],
    ['revoke what is held and no longer declared', [], [held('a', 600)], { changes: ['revoke a'], expired: [], unchanged: 0 }],
    ['an expired, undeclared lease is only dropped', [], [held('a', 0)], { changes: [], expired: ['a'], unchanged: 0 }],
    [
      'an expired, declared lease is dropped and obtained anew',
      [want('a')],
      [held('a', -5)],
      { changes: ['obtain a'], expired: ['a'], unchanged: 0 },
    ],
    [
      'one-off leases from `lease obtain` are never touched',
      [],
      [held('x', 600, { source: 'cli' })],
      { changes: [], expired: [], unchanged: 0 },
    ],
  ])('%s', (_case, desired, records, expected) => {
    expect(view(desired, records)).toEqual(expected);
  });

  it('leaves ignored leases alone', () => {
    expect(view([], [held('keep-me', 600), held('other', 600)], (n) => n.startsWith('keep')).changes).toEqual(['revoke other']);
  });

  it('never carries a password into a change', () => {
    const r = diffLeases([want('a', 900, { email: 'x@y.z' })], [held('a', 600)], T0, none);
    expect(JSON.stringify(r)).not.toContain('pw-secret-value');
    expect(r.changes[0]).toMatchObject({
      action: 'renew',
      lease_id: 7,
      before: { lease_id: 7, username: 'lease7', email: 'ops@example.com' },
      after: { email: 'x@y.z' },
    });
  });
});
