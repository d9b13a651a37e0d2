import { describe, expect, it } from 'vitest';
import { renderTargetsJson, renderTargetsMarkdown, renderTargetsText, type TargetOutcome } from '../../src/render/targets-report.js';

const ok: TargetOutcome = { name: 'staging', url: 'https://s:5000', exit: 0, output: 'Valid: 1 file.\n', messages: [] };
const changes: TargetOutcome = { name: 'prod|eu', url: 'https://p:5000', exit: 2, output: '{"changes":[1]}\n', messages: ['warning: x'] };
const failed: TargetOutcome = {
  name: 'lab',
  url: 'https://l:5000',
  exit: 1,
  output: '',
  messages: [],
  error: { code: 'API_CONNECTION_REFUSED', message: 'nothing listens', hint: 'check the URL' },
};
const report = { verb: 'plan', exit: 1, targets: [ok, changes, failed] };

describe('the combined report of several targets', () => {
  it.each([
    [0, 'ok'],
    [2, 'changes'],
    [1, 'error'],
  ])('text: a target that exits %i is "%s" in the summary', (exit, word) => {
    const text = renderTargetsText({ verb: 'plan', exit, targets: [{ ...ok, exit }] });
    expect(text).toMatch(new RegExp(`^  staging\\s+${word}\\s+https://s:5000$`, 'm'));
  });

  it('text: each target under its name, an error with its code and hint', () => {
    const text = renderTargetsText(report);
    expect(text.split('\n')[0]).toBe('dsipform plan: 3 targets');
    expect(text).toContain('=== staging (https://s:5000) ===\nValid: 1 file.\n');
    expect(text).toContain('=== lab (https://l:5000) ===\nerror (API_CONNECTION_REFUSED): nothing listens\nhint: check the URL');
  });

  it('markdown: a table that a pipe in a name cannot break, text in a code block, the verb markdown nested below the target', () => {
    const md = renderTargetsMarkdown({ verb: 'validate', exit: 2, targets: [ok, changes] }, false);
    expect(md).toContain('| prod\\|eu | changes | https://p:5000 |');
    expect(md).toContain('### staging\n\n```\nValid: 1 file.\n```');
    const output = '## dsipform plan\n\n```\n# not a heading\n```\n#### Routes\n';
    const nested = renderTargetsMarkdown({ verb: 'plan', exit: 0, targets: [{ ...ok, output }] }, true);
    expect(nested).toContain('### staging\n\n#### dsipform plan\n\n```\n# not a heading\n```\n###### Routes\n');
  });

  it('JSON: each target with its own document, JSON lines as a list, and the error', () => {
    const lines: TargetOutcome = { ...ok, output: '{"event":"a"}\n{"event":"b"}\n' };
    const doc = JSON.parse(renderTargetsJson({ verb: 'apply', exit: 1, targets: [lines, changes, failed] })) as {
      verb: string;
      exit: number;
      targets: { name: string; status: string; result: unknown; messages: string[]; error?: unknown }[];
    };
    expect(doc.verb).toBe('apply');
    expect(doc.exit).toBe(1);
    expect(doc.targets.map((t) => [t.name, t.status, t.result])).toEqual([
      ['staging', 'ok', [{ event: 'a' }, { event: 'b' }]],
      ['prod|eu', 'changes', { changes: [1] }],
      ['lab', 'error', null],
    ]);
    expect(doc.targets[1]!.messages).toEqual(['warning: x']);
    expect(doc.targets[2]!.error).toEqual(failed.error);
  });
});
