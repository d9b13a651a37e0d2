import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { scenario, type Scenario } from '../helpers/scenario.js';
import { sampleOf, startReceiver, startWatch, until } from './watch-helpers.js';

/**
 * Issue 32, point 3: a plan that the gate of apply refuses fails at plan time, as apply of it would,
 * so the pull request is red rather than the job after the merge. `plan` shows the plan, still saves
 * `--out` (for review, and for `apply --plan FILE --force`), and exits 1 with the refusal; `drift`
 * and `watch` report the same refusal. The CLI runs as a real process against the emulator.
 */

/** Eight routes (a collection past the 25% rule's minimum); `keep` of them in the files. */
function routes(keep: number): string {
  const entries = Array.from({ length: keep }, (_, i) => `  - name: R${i}\n    prefix: "${100 + i}"\n    gwgroupid: "2"\n`).join('');
  return `version: 1\noutbound_routes:\n${entries}policy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n`;
}

/** A platform holding the eight routes, and files that would delete three of them (past 25%). */
async function massDelete(): Promise<{ s: Scenario; fewer: string }> {
  const s = await scenario();
  const all = s.file('all.yaml', routes(8));
  const made = await runCli(['apply', all, '--auto-approve'], s.env);
  expect(made.code, made.stderr).toBe(0);
  return { s, fewer: s.file('fewer.yaml', routes(5)) };
}

/** The one `error (CODE): …` line, and the hint below it. */
function refusalOf(r: CliResult): { code: string; message: string; hint: string } {
  const m = /^error \(([A-Z_]+)\): (.+)\nhint: (.+)$/m.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  return { code: m![1]!, message: m![2]!, hint: m![3]! };
}

const REFUSED =
  /^refused: the plan deletes 3 of 8 outbound_routes, more than the limit of 25% of a collection of 8 or more: "R5", "R6", "R7"/;

describe('plan fails when apply of the plan would be refused', () => {
  it('PLAN_UNSAFE: the plan is shown, saved with --out, and fails with the coded refusal and its hint', async () => {
    const { s, fewer } = await massDelete();
    const out = join(s.dir, 'plan.json');
    const r = await runCli(['plan', fewer, '--out', out, '--detailed-exitcode'], s.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Plan: 0 to create, 0 to update, 3 to delete.');
    expect(r.stdout).toContain('Refused without --force');
    const refusal = refusalOf(r);
    expect(refusal.code).toBe('PLAN_UNSAFE');
    expect(refusal.message).toMatch(REFUSED);
    expect(refusal.hint).toContain('If these deletes are intended, apply with --force.');
    // Saved all the same, with the finding apply judges it by.
    expect(r.stderr).toContain(
      `Saved the plan to ${out}; apply refuses it (PLAN_UNSAFE) unless given --force: dsipform apply --plan ${out} --force\n`,
    );
    const saved = JSON.parse(readFileSync(out, 'utf8')) as { safety: { rule: string }[] };
    expect(saved.safety.map((f) => f.rule)).toContain('threshold');
    expect(r.stderr).not.toContain(s.emu.token);

    // apply --plan of that file refuses it again, in the same words, sending nothing.
    const applied = await runCli(['apply', '--plan', out, '--auto-approve'], s.env);
    expect(applied.code).toBe(1);
    expect(refusalOf(applied)).toEqual(refusal);
    expect(await s.client.listOutboundRoutes()).toHaveLength(9);
    const forced = await runCli(['apply', '--plan', out, '--auto-approve', '--force'], s.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await s.client.listOutboundRoutes()).toHaveLength(6);
  });

  it('--format json prints the plan and fails alike; --force lets plan go ahead (exit 2 with --detailed-exitcode)', async () => {
    const { s, fewer } = await massDelete();
    const json = await runCli(['plan', fewer, '--format', 'json'], s.env);
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as { summary: unknown }).summary).toBeDefined();
    expect(refusalOf(json).code).toBe('PLAN_UNSAFE');
    const forced = await runCli(['plan', fewer, '--force', '--detailed-exitcode'], s.env);
    expect(forced.code, forced.stderr).toBe(2);
    expect(forced.stderr).not.toMatch(/^error/m);
  });

  it('PLAN_UNROUTING: calls left without a route fail the plan, naming them; policy.allow_unrouting lets it pass', async () => {
    const s = await scenario();
    const both = s.file(
      'both.yaml',
      'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["16"]\n  - did: "15551230002"\n    servers: ["16"]\n',
    );
    expect((await runCli(['apply', both, '--auto-approve'], s.env)).code).toBe(0);
    const one = 'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["16"]\n';
    const out = join(s.dir, 'plan.json');
    const r = await runCli(['plan', s.file('one.yaml', one), '--out', out], s.env);
    expect(r.code).toBe(1);
    const refusal = refusalOf(r);
    expect(refusal.code).toBe('PLAN_UNROUTING');
    expect(refusal.message).toContain('calls to 15551230002… (routed before by "15551230002")');
    expect(refusal.hint).toContain('apply with --force, or set policy.allow_unrouting: true');
    expect(existsSync(out)).toBe(true);
    const allowed = await runCli(['plan', s.file('allowed.yaml', `${one}policy:\n  allow_unrouting: true\n`)], s.env);
    expect(allowed.code, allowed.stderr).toBe(0);
  });
});

describe('drift and watch report the refusal as plan does', () => {
  it('drift writes its report, then exits 1 with the refusal (not 2, drift to file as routine)', async () => {
    const { s, fewer } = await massDelete();
    const out = join(s.dir, 'drift.json');
    const r = await runCli(['drift', fewer, '--out', out], s.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Drift: 3 objects differ from the files');
    expect(refusalOf(r).message).toMatch(REFUSED);
    expect(refusalOf(r).code).toBe('PLAN_UNSAFE');
    expect((JSON.parse(readFileSync(out, 'utf8')) as { drift: boolean }).drift).toBe(true);
  });

  it('watch --once without --apply: the refusal in the log, exit 1 (not 2)', async () => {
    const { s, fewer } = await massDelete();
    const r = await runCli(['watch', fewer, '--once', '--listen', 'none'], s.env);
    expect(r.code).toBe(1);
    const url = s.emu.url.replace(/[.:/]/g, '\\$&');
    expect(r.stderr).toMatch(new RegExp(`^${url}: refused, nothing applied \\(PLAN_UNSAFE\\): refused: the plan deletes 3 of 8`, 'm'));
  });

  it('watch without --apply: the refusal in the metrics, /healthz and one webhook event', async () => {
    const { s, fewer } = await massDelete();
    const receiver = await startReceiver();
    const watch = await startWatch([fewer, '--interval', '1h', '--webhook', receiver.url], { ...s.env, DSIPFORM_WEBHOOK_BACKOFF_MS: '50' });
    try {
      const target = s.emu.url;
      await until('the refusal counted', async () =>
        (sampleOf(await watch.scrape(), 'dsipform_refused_runs_total', { target, code: 'PLAN_UNSAFE' }) ?? 0) === 1 ? true : undefined,
      );
      const health = await watch.health();
      expect(health.status).toBe(200);
      expect(health.body.targets[target]).toMatchObject({ ok: true, refused: true, error: 'PLAN_UNSAFE' });
      await until('the refused event', async () => receiver.bodies.find((b) => b.event === 'refused'));
      expect(receiver.bodies.filter((b) => b.event === 'refused')).toEqual([
        expect.objectContaining({ code: 'PLAN_UNSAFE', target, message: expect.stringMatching(REFUSED) as unknown }),
      ]);
      expect(JSON.stringify(receiver.bodies)).not.toContain(s.emu.token);
    } finally {
      watch.child.kill('SIGTERM');
      await watch.closed;
      await receiver.close();
    }
    expect(await s.client.listOutboundRoutes()).toHaveLength(9);
  }, 30_000);
});
