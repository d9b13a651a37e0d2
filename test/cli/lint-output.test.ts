// How the routing lints reach stderr (cli/lint-output.ts): the same lines as ever, written at once.
// A users' file can carry hundreds of findings, and stderr is written synchronously (issue 33 §4).
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reportFindings } from '../../src/cli/lint-output.js';
import type { CliIo } from '../../src/cli/io.js';
import type { JudgedFinding } from '../../src/routing/findings.js';
import type { RoutingFinding } from '../../src/routing/types.js';

/** An io whose stderr keeps each write apart. */
function recordingIo(): { io: CliIo; writes: string[] } {
  const writes: string[] = [];
  const stderr = new Writable({
    write(chunk: Buffer, _enc, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  const io: CliIo = {
    stdin: new PassThrough(),
    stdinIsTTY: false,
    stdout: new PassThrough(),
    stderr,
    env: {},
    isTTY: false,
    secrets: new Set(),
    now: () => 0,
  };
  return { io, writes };
}

const finding = (line: number, extra: Partial<RoutingFinding> = {}): RoutingFinding => ({
  severity: 'warning',
  code: 'midnight_cut',
  message: `route "R${line}": the window lasts past midnight`,
  hint: 'write it as two rules',
  origin: { file: 'routes.yaml', line, col: 5 },
  ...extra,
});

describe('reportFindings', () => {
  it('writes every finding in one write, line for line as before', () => {
    const judged: JudgedFinding[] = [
      ...Array.from({ length: 300 }, (_, i) => ({ finding: finding(10 + i), blocks: false })),
      { finding: finding(400, { severity: 'error', message: 'route "X" is dropped' }), blocks: true },
      { finding: finding(401, { origin: undefined, message: 'no default outbound route', hint: '' }), blocks: false },
      { finding: finding(402, { acknowledged: true }), blocks: false },
    ];
    const { io, writes } = recordingIo();
    reportFindings({ findings: judged }, io);
    // Before: one write per finding (303), and one for the count of those acknowledged.
    expect(writes).toHaveLength(1);
    const lines = writes.join('').split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'warning: routes.yaml:10:5: route "R10": the window lasts past midnight',
      '  hint: write it as two rules',
    ]);
    expect(lines.slice(600)).toEqual([
      'error: routes.yaml:400:5: route "X" is dropped',
      '  hint: write it as two rules',
      'warning: no default outbound route',
      'acknowledged (policy.accept): routes.yaml:402:5: route "R402": the window lasts past midnight',
      '1 routing finding acknowledged by policy.accept (not warnings; shown above)',
      '',
    ]);
  });

  it('writes nothing without findings, and still throws the refusal after the lines', () => {
    const { io, writes } = recordingIo();
    reportFindings({ findings: [] }, io);
    expect(writes).toEqual([]);
    const refusal = new Error('ROUTING_LINT_FAILED');
    expect(() => reportFindings({ findings: [{ finding: finding(3), blocks: true }], refusal: refusal as never }, io)).toThrow(refusal);
    expect(writes.join('')).toBe('error: routes.yaml:3:5: route "R3": the window lasts past midnight\n  hint: write it as two rules\n');
  });
});
