import { mkdtempSync, readFileSync } from 'node:fs';
import { passwordGroupFile } from '../helpers/password-group.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.js';
import type { RunResult } from '../helpers/in-process.js';

/*
 * A carrier group's password variable is needed only where the password is sent (issue 32, point
 * 5): validate, test, route, routes and plan run without it, and say so in the plan; a plan saved
 * without it applies where it is set, and stops before any request where it is not, naming the
 * variable and the line that uses it. The value never shows, wherever it is set.
 */

const PASSWORD = 'Tx-secret-5e1f0c77';
const SET = { TELNYX_PASSWORD: PASSWORD };

const FILE = passwordGroupFile(
  undefined,
  `outbound_routes:
  - name: default
    prefix: ""
    carrier_group: Telnyx
routing_tests:
  - {direction: outbound, to: "15551234567", expect: {route: default, carrier_group: Telnyx}}
`,
);

/** Runs and keeps what was printed, for the sweep at the end of each test. */
function recorder(s: Scenario) {
  const printed: string[] = [];
  const run = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> => {
    const r = await s.run(args, { env });
    printed.push(r.stdout, r.stderr);
    return r;
  };
  return { printed, run };
}

/** The registration password the emulator holds for a group, from its data file. */
function heldPassword(dataFile: string, name: string): unknown {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
    groups: { groups: { name: string; registration: { auth_password: string } | null }[] };
  };
  return data.groups.groups.find((g) => g.name === name)?.registration?.auth_password;
}

describe('a carrier password variable, needed only where the password is sent', () => {
  it('validate, test, route, routes and plan run without it; the plan says it is not set here', async () => {
    const s = await scenario({ empty: true });
    const { printed, run } = recorder(s);
    const f = s.file('g.yaml', FILE);
    expect((await run(['validate', f])).code).toBe(0);
    expect((await run(['test', f])).code).toBe(0);
    const route = await run(['route', f, '--direction', 'outbound', '--to', '15551234567']);
    expect(route.code, route.stderr).toBe(0);
    expect(route.stdout).toContain('route "default" wins');
    expect((await run(['routes', f])).code).toBe(0);
    const text = await run(['plan', f]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('auth_password: (sensitive) from ${TELNYX_PASSWORD}, not set here: read at apply');
    const markdown = await run(['plan', f, '--format', 'markdown']);
    expect(markdown.stdout).toContain('not set here: read at apply');
    const html = await run(['plan', f, '--format', 'html']);
    expect(html.stdout).toContain('not set here: read at apply');
    const json = JSON.parse((await run(['plan', f, '--format', 'json'])).stdout) as { changes: { after?: { auth?: unknown } }[] };
    expect(json.changes[0]?.after?.auth).toEqual({
      type: 'userpwd',
      auth_username: 'acme',
      password_env: 'TELNYX_PASSWORD',
      password_origin: { file: f, line: 10, col: 22 },
      password_state: 'unset',
    });
    // Where it is set, the plan is as it always was.
    const set = await run(['plan', f], SET);
    expect(set.stdout).toContain('auth_password: (sensitive) from ${TELNYX_PASSWORD}}');
    expect(set.stdout).not.toContain('not set here');
    expect(printed.join('\n')).not.toContain(PASSWORD);
  });

  it('a plan saved without it stops where it is still unset, naming the variable and its line, and applies where it is set', async () => {
    const s = await scenario({ empty: true });
    const { printed, run } = recorder(s);
    const f = s.file('g.yaml', FILE);
    const saved = join(s.dir, 'plan.json');
    expect((await run(['plan', f, '--out', saved])).code).toBe(0);
    const unset = await run(['apply', '--plan', saved, '--auto-approve']);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain(
      'error (CARRIER_GROUP_PASSWORD_UNSET): carrier group "Telnyx" takes its password from ${TELNYX_PASSWORD}',
    );
    expect(unset.stderr).toContain(`(${f}:10:22)`);
    expect(unset.stderr).toContain('export TELNYX_PASSWORD=...');
    // Stopped before the first request: neither the group nor the route that names it was written.
    expect(await s.client.listCarrierGroups()).toEqual([]);
    expect(await s.client.listOutboundRoutes()).toEqual([]);
    const applied = await run(['apply', '--plan', saved, '--auto-approve'], SET);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await s.client.listCarrierGroups()).map((g) => g.name)).toEqual(['Telnyx']);
    // Without it, the next plan has nothing to do and says what it could not compare.
    const again = await run(['plan', f, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain(`its password comes from \${TELNYX_PASSWORD} (${f}:10:22), which is not set here`);
    // destroy deletes: it sends no password, so it needs none.
    const destroyed = await run(['destroy', f, '--auto-approve']);
    expect(destroyed.code, destroyed.stderr).toBe(0);
    expect(await s.client.listCarrierGroups()).toEqual([]);
    expect([...printed, readFileSync(saved, 'utf8')].join('\n')).not.toContain(PASSWORD);
  });

  it('apply and watch --apply of the files read it where they send it: unset, nothing is written; set, the platform holds it', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-password-data-')), 'emulator.json');
    const s = await scenario({ empty: true, dataFile });
    const { printed, run } = recorder(s);
    const f = s.file('g.yaml', FILE);
    const unset = await run(['apply', f, '--auto-approve']);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain(
      `error (CARRIER_GROUP_PASSWORD_UNSET): carrier group "Telnyx" takes its password from \${TELNYX_PASSWORD} (${f}:10:22)`,
    );
    expect(await s.client.listCarrierGroups()).toEqual([]);
    // watch plans without it (drift: exit 2), and its --apply run fails the same way, writing nothing.
    expect((await run(['watch', f, '--once', '--listen', 'none'])).code).toBe(2);
    const watched = await run(['watch', f, '--once', '--apply', '--listen', 'none']);
    expect(watched.code).toBe(1);
    expect(watched.stderr).toContain('CARRIER_GROUP_PASSWORD_UNSET');
    expect(await s.client.listCarrierGroups()).toEqual([]);
    const applied = await run(['watch', f, '--once', '--apply', '--listen', 'none'], SET);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await s.client.listCarrierGroups()).map((g) => g.name)).toEqual(['Telnyx']);
    expect(heldPassword(dataFile, 'Telnyx')).toBe(PASSWORD);
    expect(printed.join('\n')).not.toContain(PASSWORD);
  });
});
