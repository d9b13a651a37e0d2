import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeMapping, normalizeRoute } from '../../src/model/normalize-rule.js';
import { serverListProblem } from '../../src/model/rules.js';
import { runCli } from '../helpers/cli.js';
import { F, loadIssues, ROOT } from './helpers.js';

const LIST_HINT =
  'hint: the proxy takes gateway ids only or one carrier group alone: servers: ["66", "67"] or servers: ["#22"] (put both gateways in a carrier group to fail over between them)';

describe('rules the proxy drops are refused at validate, at their place', () => {
  it.each<[readonly string[], string | null]>([
    [['66'], null],
    [['66', '67'], null],
    [['#22'], null],
    [['66', '#22'], 'servers mix a gateway id and a group reference (["66", "#22"]): the proxy drops the rule'],
    [['#22', '66'], 'servers mix a gateway id and a group reference (["#22", "66"]): the proxy drops the rule'],
    [['#22', '#23'], 'servers hold two group references (["#22", "#23"]): the proxy drops the rule'],
  ])('serverListProblem(%j)', (servers, expected) => {
    const problem = serverListProblem(servers);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });

  it('the one normaliser reports them as rule issues (every front end: files, CDKTF, the provider)', () => {
    expect(normalizeMapping({ did: '1', servers: ['66', '#22'] }).issues).toMatchObject([{ field: ['servers'], check: 'rule' }]);
    expect(normalizeRoute({ name: 'r', prefix: '1', gwgroupid: '5', timerec: '20260101T090000|8X' }).issues).toMatchObject([
      { field: ['timerec'], check: 'rule', message: expect.stringContaining('timerec "20260101T090000|8X": duration "8X" must be') },
    ]);
    expect(normalizeRoute({ name: 'r', prefix: '1', gwgroupid: '5', timerec: '20260101T090000|8H|daily' }).issues).toEqual([]);
  });

  it('never shows a value that came from a secret-looking variable', async () => {
    const issues = await loadIssues([`${F}/mixed-servers-from-env.yaml`], { SECRET_GATEWAY: '4711' });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain('inbound_mappings[0].servers mix a gateway id and a group reference (["${SECRET_GATEWAY}", "#22"])');
    expect(issues[0]).not.toContain('4711');
  });

  // Found by the random-edit property (test/config/properties.test.ts): a timerec problem quotes a
  // part of the value (its dtstart), which held the whole secret.
  it.each([
    ['the variable alone', 'timerec: ${SECRET_TIMEREC}', 'zz9-s3cr3t|8H|daily'],
    ['the variable inside written text', 'timerec: ${SECRET_TIMEREC}"20260101T090000|8H|daily"', 'zz9-s3cr3t'],
    ['a fragment of the secret in a field', 'timerec: "20260101T090000|${SECRET_TIMEREC}|daily"', 'zz9-s3cr3t'],
  ])('never shows a part of a secret value either (%s)', async (_how, line, secret) => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-secret-part-'));
    try {
      const file = join(dir, 'routes.yaml');
      writeFileSync(file, `version: 1\noutbound_routes:\n  - name: r\n    prefix: "1"\n    gwgroupid: "5"\n    ${line}\n`);
      const issues = await loadIssues([file], { SECRET_TIMEREC: secret });
      expect(issues).toHaveLength(1);
      expect(issues[0]).toContain('outbound_routes[0].timerec');
      expect(issues[0]).toContain('${SECRET_TIMEREC}');
      expect(issues[0]).not.toContain('s3cr3t');
      expect(issues[0]).not.toContain('zz9');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names where a value came from once, when the value holds a quote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-origin-once-'));
    try {
      const file = join(dir, 'routes.yaml');
      writeFileSync(
        file,
        'version: 1\noutbound_routes:\n  - name: r\n    prefix: "1"\n    gwgroupid: "5"\n    timerec: ${MY_T}"20260101T090000|8H|daily"\n',
      );
      const [issue] = await loadIssues([file], { MY_T: 'abc' });
      expect(issue).toContain(
        'outbound_routes[0].timerec "abc\\"20260101T090000|8H|daily\\"" (from "${MY_T}\\"20260101T090000|8H|daily\\""): dtstart',
      );
      expect(issue?.split('(from ').length).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('dsipform validate prints each at FILE:LINE:COL with a hint and exits 1', async () => {
    const r = await runCli(['validate', `${ROOT}/${F}/dropped-rules.yaml`]);
    expect(r.code).toBe(1);
    const file = `${ROOT}/${F}/dropped-rules.yaml`;
    expect(r.stderr).toContain(
      `${file}:6:14: inbound_mappings[1].servers mix a gateway id and a group reference (["66", "#22"]): the proxy drops the rule\n  ${LIST_HINT}`,
    );
    expect(r.stderr).toContain(`${file}:8:14: inbound_mappings[2].servers hold two group references (["#22", "#23"])`);
    expect(r.stderr).toContain(
      `${file}:19:14: outbound_routes[1].timerec "2026-01-01T09:00|8H|daily": dtstart "2026-01-01T09:00" must be exactly 15 characters YYYYMMDDTHHMMSS`,
    );
    expect(r.stderr).toContain(
      `${file}:23:14: outbound_routes[2].timerec "20260101T090000|8H|weekly|||MO,XX": byday "MO,XX" must list weekdays`,
    );
    expect(r.stderr).toContain('error (CONFIG_INVALID): 4 problems in the configuration');
    // The sound mapping (two gateway ids) and the sound timerec are not reported.
    expect(r.stderr).not.toContain(':4:');
    expect(r.stderr).not.toContain(':15:');
  });
});
