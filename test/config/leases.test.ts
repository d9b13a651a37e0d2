import { describe, expect, it } from 'vitest';
import { MAX_TTL_SECONDS } from '../../src/config/lease-rules.js';
import { defaultRenewBefore } from '../../src/config/normalize.js';
import { F, headLines, load, loadIssues, loadOk } from './helpers.js';

const EMAIL = 'write one plain address: email: ops@example.com';
const TTL_FORMS = 'write seconds (ttl: 900) or a whole number with s, m or h (ttl: 15m)';
const TTL_ZERO = 'give the lease a lifetime above 0: ttl: 900 (seconds) or ttl: 15m';
const RENEW_TTL =
  'renew_before says how long before expiry the lease is renewed: make it smaller than the ttl (renew_before: 2m for ttl: 15m), or leave it out for 10% of the ttl';
const NAME = 'write the name as plain text on one line: name: ci-softphone';
const DUPLICATE = 'keep one of them, or give the other lease its own name';
const ttlForms = (value: string): string => `must be seconds (900) or "<n>s", "<n>m" or "<n>h" ("15m"), not ${value}`;

/** [case, paths, every issue as `file:line:col: message` then `  hint: …`, in order]. */
const CASES: [string, string[], [string, string][]][] = [
  [
    'bad email addresses',
    [`${F}/lease-bad-email.yaml`],
    [
      [`${F}/lease-bad-email.yaml:4:12: endpoint_leases[0].email: address "ops.example.com" has no "@"`, EMAIL],
      [`${F}/lease-bad-email.yaml:7:12: endpoint_leases[1].email: address "ops@example@com" has 2 "@"; an address has exactly one`, EMAIL],
      [`${F}/lease-bad-email.yaml:10:12: endpoint_leases[2].email: address "@example.com" has nothing before the "@"`, EMAIL],
      [`${F}/lease-bad-email.yaml:13:12: endpoint_leases[3].email: address "ops@" has nothing after the "@"`, EMAIL],
      [
        `${F}/lease-bad-email.yaml:16:12: endpoint_leases[4].email: address "ops@localhost" needs a domain with a dot after the "@", like example.com`,
        EMAIL,
      ],
      [
        `${F}/lease-bad-email.yaml:19:12: endpoint_leases[5].email: address "ops@example..com" has an empty part in its domain (a dot at its start or end, or two dots together)`,
        EMAIL,
      ],
      [
        `${F}/lease-bad-email.yaml:22:12: endpoint_leases[6].email: address "ops@example." has an empty part in its domain (a dot at its start or end, or two dots together)`,
        EMAIL,
      ],
      [
        `${F}/lease-bad-email.yaml:25:12: endpoint_leases[7].email: address "ops @example.com" must not contain spaces or control characters`,
        EMAIL,
      ],
      [`${F}/lease-bad-email.yaml:28:12: endpoint_leases[8].email must not be empty`, EMAIL],
    ],
  ],
  [
    'a ttl of 0, "0m" or below',
    [`${F}/lease-ttl-zero.yaml`],
    [
      [`${F}/lease-ttl-zero.yaml:5:10: endpoint_leases[0].ttl must be more than 0 seconds, not 0`, TTL_ZERO],
      [`${F}/lease-ttl-zero.yaml:8:10: endpoint_leases[1].ttl must be more than 0 seconds, not "0m"`, TTL_ZERO],
      [`${F}/lease-ttl-zero.yaml:11:10: endpoint_leases[2].ttl must be more than 0 seconds, not -5`, TTL_ZERO],
    ],
  ],
  [
    'a ttl or renew_before that does not parse',
    [`${F}/lease-bad-ttl.yaml`],
    [
      [`${F}/lease-bad-ttl.yaml:5:10: endpoint_leases[0].ttl ${ttlForms('"15x"')}`, TTL_FORMS],
      [`${F}/lease-bad-ttl.yaml:8:10: endpoint_leases[1].ttl ${ttlForms('1.5')}`, TTL_FORMS],
      [`${F}/lease-bad-ttl.yaml:11:10: endpoint_leases[2].ttl ${ttlForms('a list')}`, TTL_FORMS],
      [`${F}/lease-bad-ttl.yaml:14:10: endpoint_leases[3].ttl ${ttlForms('"15 m"')}`, TTL_FORMS],
      [`${F}/lease-bad-ttl.yaml:17:10: endpoint_leases[4].ttl ${ttlForms('"15M"')}`, TTL_FORMS],
      [`${F}/lease-bad-ttl.yaml:20:10: endpoint_leases[5].ttl ${ttlForms('"-5m"')}`, TTL_FORMS],
      [
        `${F}/lease-bad-ttl.yaml:24:19: endpoint_leases[6].renew_before must be seconds (120) or "<n>s", "<n>m" or "<n>h" ("2m"), not "soon"`,
        'write seconds (renew_before: 120) or a whole number with s, m or h (renew_before: 2m); leave it out for 10% of the ttl',
      ],
      [`${F}/lease-bad-ttl.yaml:27:9: endpoint_leases[7].ttl ${ttlForms('empty')}`, TTL_FORMS],
    ],
  ],
  [
    'a ttl over 100 years',
    [`${F}/lease-ttl-too-long.yaml`],
    [
      [
        `${F}/lease-ttl-too-long.yaml:5:10: endpoint_leases[0].ttl must be at most 3153600000 seconds (100 years), not "999999h"`,
        'give the lease a shorter ttl, e.g. ttl: 24h; renew it instead of holding it for ever',
      ],
    ],
  ],
  [
    'renew_before below 0, or not below the ttl (both in seconds)',
    [`${F}/lease-renew-before.yaml`],
    [
      [`${F}/lease-renew-before.yaml:6:19: endpoint_leases[0].renew_before (900 seconds) must be less than ttl (900 seconds)`, RENEW_TTL],
      [`${F}/lease-renew-before.yaml:10:19: endpoint_leases[1].renew_before (120 seconds) must be less than ttl (60 seconds)`, RENEW_TTL],
      [
        `${F}/lease-renew-before.yaml:14:19: endpoint_leases[2].renew_before must be 0 seconds or more, not -1`,
        'write 0 or more: renew_before: 2m, or leave it out for 10% of the ttl',
      ],
      [`${F}/lease-renew-before.yaml:18:19: endpoint_leases[3].renew_before (1 second) must be less than ttl (1 second)`, RENEW_TTL],
    ],
  ],
  [
    'lease names with control characters, or empty',
    [`${F}/lease-name-control.yaml`],
    [
      [`${F}/lease-name-control.yaml:3:11: endpoint_leases[0].name "ci\\tphone" must not contain control characters`, NAME],
      [`${F}/lease-name-control.yaml:6:11: endpoint_leases[1].name "bell\\u0007" must not contain control characters`, NAME],
      [`${F}/lease-name-control.yaml:9:11: endpoint_leases[2].name must not be empty`, 'name the lease with text: name: ci-softphone'],
    ],
  ],
  [
    'a missing ttl, and a misspelt renew_before',
    [`${F}/lease-missing-ttl.yaml`],
    [
      [`${F}/lease-missing-ttl.yaml:3:5: endpoint_leases[0].ttl is required`, TTL_FORMS],
      [
        `${F}/lease-missing-ttl.yaml:5:5: endpoint_leases[0] has an unknown key "renew"`,
        'the keys allowed here are: name, email, ttl, renew_before',
      ],
    ],
  ],
  [
    'duplicate lease name within a file',
    [`${F}/duplicate-lease-name.yaml`],
    [
      [
        `${F}/duplicate-lease-name.yaml:6:5: lease name "ci-softphone" is declared twice: also at ${F}/duplicate-lease-name.yaml:3:5`,
        DUPLICATE,
      ],
    ],
  ],
  [
    'duplicate lease name across two files (a directory)',
    [`${F}/duplicate-lease-name-across-files`],
    [
      [
        `${F}/duplicate-lease-name-across-files/b.yaml:6:5: lease name "ci-softphone" is declared twice: also at ${F}/duplicate-lease-name-across-files/a.yaml:3:5`,
        DUPLICATE,
      ],
    ],
  ],
  [
    'the same lease name three times, across files given one by one',
    [`${F}/duplicate-lease-name-across-files/b.yaml`, `${F}/duplicate-lease-name.yaml`],
    [
      [
        `${F}/duplicate-lease-name.yaml:6:5: lease name "ci-softphone" is declared 3 times: also at ${F}/duplicate-lease-name-across-files/b.yaml:6:5, ${F}/duplicate-lease-name.yaml:3:5`,
        DUPLICATE,
      ],
    ],
  ],
  [
    'a misspelt collection name',
    [`${F}/lease-misspelt-collection.yaml`],
    [
      [
        `${F}/lease-misspelt-collection.yaml:2:1: the file has an unknown key "endpoint_lease"; did you mean "endpoint_leases"?`,
        'the keys allowed here are: version, inbound_mappings, outbound_routes, endpoint_leases, carrier_groups, endpoint_groups, numbers, invariants, routing_tests, policy, proxy',
      ],
    ],
  ],
];

describe('endpoint leases: every issue, at its line and column, with its hint', () => {
  it.each(CASES)('%s', async (_case, paths, expected) => {
    expect(await loadIssues(paths)).toEqual(expected.map(([head, hint]) => `${head}\n  hint: ${hint}`));
  });
});

describe('endpoint leases: the forms of ttl and renew_before', () => {
  it('reads 15m, 900, "900", 45s and 2h as seconds, renew_before alike; keeps name, email and origin', async () => {
    const file = `${F}/leases.yaml`;
    const desired = await loadOk([file]);
    expect(desired.endpoint_leases).toEqual([
      { name: 'ci-softphone', email: 'ops@example.com', ttl: 900, renew_before: 120, origin: { file, line: 3, col: 5 } },
      { name: 'seconds-unquoted', email: 'ops@example.com', ttl: 900, renew_before: 0, origin: { file, line: 7, col: 5 } },
      { name: 'seconds-quoted', email: 'ops@example.com', ttl: 900, renew_before: 120, origin: { file, line: 11, col: 5 } },
      { name: 'with-s', email: 'a.b+c@mail.example.co.uk', ttl: 45, renew_before: 44, origin: { file, line: 15, col: 5 } },
      { name: 'hours', email: 'ops@example.com', ttl: 7200, renew_before: 3600, origin: { file, line: 19, col: 5 } },
    ]);
  });

  it('takes ttl and renew_before from the environment', async () => {
    const desired = await loadOk([`${F}/lease-from-env.yaml`], { LEASE_EMAIL: 'ops@example.com', LEASE_TTL: '1h', LEASE_RENEW: '300' });
    expect(desired.endpoint_leases?.map(({ origin: _, ...l }) => l)).toEqual([
      { name: 'from-env', email: 'ops@example.com', ttl: 3600, renew_before: 300 },
    ]);
  });

  it(`accepts a ttl of exactly ${MAX_TTL_SECONDS} seconds`, async () => {
    expect(MAX_TTL_SECONDS).toBe(100 * 365 * 24 * 3600);
    const desired = await loadOk([`${F}/lease-longest-ttl.yaml`]);
    expect(desired.endpoint_leases?.map((l) => [l.ttl, l.renew_before])).toEqual([[MAX_TTL_SECONDS, MAX_TTL_SECONDS / 10]]);
  });
});

describe('endpoint leases: defaults', () => {
  it('renew_before defaults to 10% of the ttl, rounded down, at least 1 second, below the ttl', async () => {
    const desired = await loadOk([`${F}/lease-defaults.yaml`]);
    expect(desired.endpoint_leases?.map((l) => [l.name, l.ttl, l.renew_before])).toEqual([
      ['fifteen-minutes', 900, 90],
      ['nine-hundred', 900, 90],
      ['rounded-down', 259, 25],
      ['at-least-one', 5, 1],
      ['one-second', 1, 0],
      ['two-seconds', 2, 1],
    ]);
  });

  it.each([
    [1, 0],
    [2, 1],
    [9, 1],
    [10, 1],
    [19, 1],
    [20, 2],
    [900, 90],
    [3599, 359],
    [86_400, 8640],
  ])('defaultRenewBefore(%i) = %i', (ttl, renewBefore) => {
    expect(defaultRenewBefore(ttl)).toBe(renewBefore);
  });

  it('endpoint_leases stays undefined when no file declares it', async () => {
    const desired = await loadOk([`${F}/basic.yaml`]);
    expect(desired).not.toHaveProperty('endpoint_leases');
  });

  it('endpoint_leases: [] is managed and empty, also when another file declares none', async () => {
    expect((await loadOk([`${F}/lease-empty.yaml`])).endpoint_leases).toEqual([]);
    expect((await loadOk([`${F}/basic.yaml`, `${F}/lease-empty.yaml`])).endpoint_leases).toEqual([]);
  });

  it('merges leases of several files in file order', async () => {
    const desired = await loadOk([`${F}/leases.yaml`, `${F}/lease-defaults.yaml`]);
    expect(desired.endpoint_leases?.map((l) => l.name)).toEqual([
      'ci-softphone',
      'seconds-unquoted',
      'seconds-quoted',
      'with-s',
      'hours',
      'fifteen-minutes',
      'nine-hundred',
      'rounded-down',
      'at-least-one',
      'one-second',
      'two-seconds',
    ]);
  });

  it('the default policy ignores no lease', async () => {
    expect((await loadOk([`${F}/lease-empty.yaml`])).policy).toEqual({
      protect: [],
      ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: [] },
    });
  });
});

describe('endpoint leases: policy', () => {
  it('protect and ignore accept endpoint_leases', async () => {
    expect((await loadOk([`${F}/policy-leases.yaml`])).policy).toEqual({
      protect: ['endpoint_leases', 'inbound_mappings'],
      ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: ['ci-*', 'manual'] },
    });
  });
});

describe('endpoint leases: values from the environment', () => {
  it('checks them with the rules, and never shows them in any issue', async () => {
    const secrets = {
      SECRET_LEASE: 'tok\tLEASE-5d1c',
      SECRET_EMAIL: 'tok-EMAIL-a9e3',
      SECRET_TTL: '3600',
      SECRET_RENEW: '7200',
      SECRET_SHORT: '0m',
      SECRET_LONG: 'tok-LONG-2b7f',
    };
    const issues = await loadIssues([`${F}/lease-secret-in-errors.yaml`], secrets);
    expect(headLines(issues)).toEqual([
      `${F}/lease-secret-in-errors.yaml:3:11: endpoint_leases[0].name "\${SECRET_LEASE}" must not contain control characters`,
      `${F}/lease-secret-in-errors.yaml:4:12: endpoint_leases[0].email: address "\${SECRET_EMAIL}" has no "@"`,
      `${F}/lease-secret-in-errors.yaml:6:19: endpoint_leases[0].renew_before ("\${SECRET_RENEW}") must be less than ttl ("\${SECRET_TTL}")`,
      `${F}/lease-secret-in-errors.yaml:7:5: lease name "\${SECRET_LEASE}" is declared twice: also at ${F}/lease-secret-in-errors.yaml:3:5`,
      `${F}/lease-secret-in-errors.yaml:7:11: endpoint_leases[1].name "\${SECRET_LEASE}" must not contain control characters`,
      `${F}/lease-secret-in-errors.yaml:9:10: endpoint_leases[1].ttl must be more than 0 seconds, not "\${SECRET_SHORT}"`,
      `${F}/lease-secret-in-errors.yaml:10:19: endpoint_leases[1].renew_before must be seconds (120) or "<n>s", "<n>m" or "<n>h" ("2m"), not "\${SECRET_LONG}"`,
    ]);
    const everything = issues.join('\n');
    for (const value of Object.values(secrets)) expect(everything).not.toContain(value);
    expect(everything).not.toMatch(/3600|7200/);
  });

  it('an unset variable is reported once, not again as a bad ttl', async () => {
    const issues = await loadIssues([`${F}/lease-from-env.yaml`], { LEASE_EMAIL: 'ops@example.com', LEASE_RENEW: '300' });
    expect(headLines(issues)).toEqual([
      `${F}/lease-from-env.yaml:5:10: endpoint_leases[0].ttl uses \${LEASE_TTL}, but the environment variable LEASE_TTL is not set`,
    ]);
  });
});

describe('endpoint leases: load() never throws', () => {
  it('a lease entry that is not a mapping is one schema issue', async () => {
    const result = await load([`${F}/lease-not-a-mapping.yaml`]);
    expect(result.ok ? [] : result.issues.map((i) => [i.line, i.col, i.message])).toEqual([
      [3, 5, 'endpoint_leases[0] must be a mapping (key: value), not a string'],
    ]);
  });
});
