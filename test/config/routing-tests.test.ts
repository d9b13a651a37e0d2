import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFast } from '../../src/config/fast-reader.js';
import { loadDesiredState, loadWith } from '../../src/config/index.js';
import { F, headLines, loadIssues, loadOk, ROOT } from './helpers.js';

describe('routing_tests in the files', () => {
  it('loads every test with its defaults, its expectation and the line of its list entry', async () => {
    const file = `${F}/routing-tests/good.yaml`;
    const desired = await loadOk([file]);
    expect(desired.routing_tests).toEqual([
      {
        name: 'UK calls from our 1555 numbers go to carrier 5',
        direction: 'outbound',
        from: '15551234567',
        to: '442071234567',
        at: '2026-12-28T10:00:00',
        tz: 'Europe/London',
        expect: { route: 'UK from our 1555 numbers' },
        origin: { file, line: 3, col: 5 },
      },
      {
        name: 'main number rings the office',
        direction: 'inbound',
        from: '',
        to: '15551230001',
        expect: { did: '15551230001', servers: ['66', '67'] },
        origin: { file, line: 10, col: 5 },
      },
      {
        name: 'outbound call to 999',
        direction: 'outbound',
        from: '',
        to: '999',
        expect: { result: 'no_route' },
        origin: { file, line: 14, col: 5 },
      },
      {
        name: 'outbound call to 1800',
        direction: 'outbound',
        from: '',
        to: '1800',
        expect: { gwgroupid: '7' },
        origin: { file, line: 18, col: 5 },
      },
    ]);
    // Tests are not a managed collection: nothing to plan.
    expect(desired.inbound_mappings).toBeUndefined();
    expect(desired.outbound_routes).toBeUndefined();
  });

  it('reads flow mappings (expect: { route: UK }) with the fast reader, placed as the YAML parser places them', async () => {
    const file = `${F}/routing-tests/fast.yaml`;
    expect(readFast(await readFile(join(ROOT, file), 'utf8'), {})).not.toBeNull();
    const fast = await loadWith([file], { cwd: ROOT, env: {} }, 'fast');
    expect(fast).toEqual(await loadWith([file], { cwd: ROOT, env: {} }, 'yaml'));
    if (!fast.ok) throw new Error('expected the file to load');
    expect(fast.desired.routing_tests?.map((t) => [t.origin?.line, t.origin?.col, t.to, t.expect])).toEqual([
      [3, 5, '442071234567', { route: 'UK', gwgroupid: '5' }],
      [7, 5, '15551230001', { did: '15551230001', servers: ['66', '67'] }],
      [10, 5, '15551230001', { did: '', result: 'routed' }],
    ]);
  });

  it('reads the same with the fast reader and the YAML parser', async () => {
    const paths = [`${F}/routing-tests/good.yaml`];
    const fast = await loadWith(paths, { cwd: ROOT, env: {} }, 'fast');
    const yaml = await loadWith(paths, { cwd: ROOT, env: {} }, 'yaml');
    expect(fast).toEqual(yaml);
  });
});

describe('routing_tests with a bad shape', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsipform-rt-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function issuesOf(body: string): Promise<string[]> {
    const file = join(dir, 'tests.yaml');
    await writeFile(file, `version: 1\nrouting_tests:\n${body}`);
    const result = await loadDesiredState([file], { env: {} });
    if (result.ok) throw new Error('expected issues');
    return result.issues.map((i) => `${i.line}:${i.col}: ${i.message} | ${i.hint}`);
  }

  it.each([
    [
      'an unknown key in a flow mapping, with a suggestion',
      '  - direction: outbound\n    to: "44"\n    expect: { rout: UK }\n',
      '5:15: routing_tests[0].expect has an unknown key "rout"; did you mean "route"?',
    ],
    [
      'an unknown key of the test',
      '  - direction: outbound\n    to: "44"\n    wehn: x\n    expect: { route: UK }\n',
      '5:5: routing_tests[0] has an unknown key "wehn"',
    ],
    ['a missing expect', '  - direction: outbound\n    to: "44"\n', '3:5: routing_tests[0].expect is required'],
    ['an empty expect', '  - direction: outbound\n    to: "44"\n    expect: {}\n', '5:13: routing_tests[0].expect must not be empty'],
    [
      'a bad direction',
      '  - direction: sideways\n    to: "44"\n    expect: { result: routed }\n',
      '3:16: routing_tests[0].direction must be one of: inbound, outbound',
    ],
    [
      'servers that are not a list',
      '  - direction: inbound\n    to: "44"\n    expect: { servers: "66" }\n',
      '5:24: routing_tests[0].expect.servers must be a list, not a string',
    ],
    [
      'a bad result',
      '  - direction: outbound\n    to: "44"\n    expect: { result: maybe }\n',
      '5:23: routing_tests[0].expect.result must be one of: routed, no_route, ambiguous',
    ],
    [
      'an inbound expectation on an outbound test',
      '  - direction: outbound\n    to: "44"\n    expect: { did: "44" }\n',
      '5:20: routing_tests[0].expect.did is about inbound calls, but this test is outbound',
    ],
    [
      'an outbound expectation on an inbound test',
      '  - direction: inbound\n    to: "44"\n    expect:\n      route: UK\n',
      '6:14: routing_tests[0].expect.route is about outbound calls, but this test is inbound',
    ],
    [
      'no_route with a rule',
      '  - direction: outbound\n    to: "44"\n    expect: { route: UK, result: no_route }\n',
      '5:34: routing_tests[0].expect.result no_route cannot go with route: a call with no route',
    ],
    [
      'a date that does not exist',
      '  - direction: outbound\n    to: "44"\n    at: "2026-02-30T10:00"\n    expect: { result: routed }\n',
      '5:9: routing_tests[0].at "2026-02-30T10:00" is not a real date and time',
    ],
    [
      'a time that is not ISO',
      '  - direction: outbound\n    to: "44"\n    at: "tomorrow"\n    expect: { result: routed }\n',
      '5:9: routing_tests[0].at "tomorrow" is not an ISO date and time',
    ],
    [
      'an unknown zone',
      '  - direction: outbound\n    to: "44"\n    tz: Mars/Olympus\n    expect: { result: routed }\n',
      '5:9: routing_tests[0].tz "Mars/Olympus" is not a time zone',
    ],
  ])('%s', async (_name, body, head) => {
    const issues = await issuesOf(body);
    expect(
      issues.some((i) => i.includes(head)),
      issues.join('\n'),
    ).toBe(true);
    for (const issue of issues) expect(issue.split(' | ')[1], issue).not.toBe('');
  });
});

describe('routing_tests across files', () => {
  it('collects the tests of every file, each placed in its own file', async () => {
    const issues = headLines(await loadIssues([`${F}/routing-tests/good.yaml`, `${F}/routing-tests/bad.yaml`]));
    expect(issues).toEqual([
      `${F}/routing-tests/bad.yaml:5:15: routing_tests[0].expect has an unknown key "gateway"; did you mean "gateways"?`,
    ]);
  });
});
