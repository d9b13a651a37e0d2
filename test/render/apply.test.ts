import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/model/apply-report.js';
import { renderApplyEvent } from '../../src/render/apply-event.js';
import { renderApplyReport, renderOutcomeLine } from '../../src/render/apply-text.js';
import { EVENTS, OUTCOMES, REPORT, REPORT_CLEAN, REPORT_INTERRUPTED, REPORT_RELOAD_FAILED } from './fixtures.js';

const ESC = /\x1b\[/;

describe('renderOutcomeLine', () => {
  it('gives one aligned line per change', async () => {
    const lines = OUTCOMES.map((o) => renderOutcomeLine(o, { color: false }));
    for (const line of lines) expect(line).not.toContain('\n');
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./golden/apply-lines.txt');
  });

  it.each([
    [0, 'applied       + inbound_mapping "15551230001" (ruleid 21)'],
    [1, 'applied       + inbound_mapping "" (default mapping) (ruleid 22)'],
    [
      2,
      'failed        + outbound_route "UK from our 1555 numbers": API_BAD_REQUEST: POST /outboundroutes: 400 rejected: "Duplicate LCR pattern"',
    ],
    [3, 'applied       + endpoint_lease "ci-softphone" (lease 42)'],
    [5, 'applied       ~ outbound_route "DE mobile" (promote, ruleid 14)'],
    [7, 'applied       -/+ endpoint_lease "desk-phone" (lease 44)'],
    [9, 'not attempted - outbound_route "Old US" (ruleid 3): an earlier outbound_route change failed'],
    [10, 'failed        - endpoint_lease "old-softphone" (lease 17): API_SERVER_ERROR: PUT /endpoint/lease/17/revoke: 500'],
  ])('outcome %i → %s', (i, line) => {
    expect(renderOutcomeLine(OUTCOMES[i]!, { color: false })).toBe(line);
  });

  it('colours only when asked', () => {
    expect(renderOutcomeLine(OUTCOMES[2]!, { color: true })).toMatch(ESC);
    expect(renderOutcomeLine(OUTCOMES[2]!, { color: false })).not.toMatch(ESC);
  });
});

describe('renderApplyReport', () => {
  it('lists failed and not attempted changes, then the closing line', async () => {
    const text = renderApplyReport(REPORT, { color: false });
    expect(text.trimEnd().split('\n').at(-1)).toBe('Apply complete: 7 applied, 3 failed, 1 not attempted. Proxy reloaded.');
    await expect(text).toMatchFileSnapshot('./golden/apply-report.txt');
  });

  it.each([
    [REPORT_CLEAN, 'Apply complete: 7 applied, 0 failed, 0 not attempted. Proxy not reloaded.\n'],
    [
      REPORT_RELOAD_FAILED,
      'Apply complete: 7 applied, 0 failed, 0 not attempted. Proxy reload failed: API_SERVER_ERROR: POST /reload/kamailio: 500.\n',
    ],
  ])('a clean apply is one line: %#', (report, text) => {
    expect(renderApplyReport(report, { color: false })).toBe(text);
  });

  it('after Ctrl-C says "Apply interrupted" and counts large groups of changes not attempted per kind and action', async () => {
    const text = renderApplyReport(REPORT_INTERRUPTED, { color: false, interrupted: true, reportFile: 'report.json' });
    expect(text.trimEnd().split('\n').at(-1)).toBe('Apply interrupted: 2 applied, 1 failed, 2063 not attempted. Proxy reloaded.');
    expect(text).toContain(
      'Not attempted, interrupted before they started: 2050 changes (report.json lists each one):\n  inbound_mapping: 1980 to create, 1 to update\n  outbound_route: 68 to create\n  endpoint_lease: 1 to obtain\n',
    );
    // A small group keeps its lines; more than MAX_LISTED of one reason are counted.
    expect(text).toContain('Not attempted:\n  - outbound_route "Old US" (ruleid 3): an earlier outbound_route change failed\n');
    expect(text).toContain(
      'Not attempted, an earlier create of outbound_route "UK from our 1555 numbers" failed: 12 changes (report.json lists each one):\n  outbound_route: 12 to delete\n',
    );
    expect(text.split('\n').length).toBeLessThan(25);
    await expect(text).toMatchFileSnapshot('./golden/apply-report-interrupted.txt');
  });

  it('without --report, says how to get the list', () => {
    const text = renderApplyReport(REPORT_INTERRUPTED, { color: false, interrupted: true });
    expect(text).toContain('Not attempted, interrupted before they started: 2050 changes (run with --report FILE to list each one):');
  });

  it('counts 1 change in the singular', () => {
    const one = {
      ...REPORT_CLEAN,
      outcomes: [{ ...OUTCOMES[9]!, reason: 'interrupted before it started' }],
      counts: { applied: 0, failed: 0, not_attempted: 1 },
    };
    expect(renderApplyReport(one, { color: false, interrupted: true })).toContain('interrupted before they started: 1 change (');
  });

  it('colours only when asked', () => {
    expect(renderApplyReport(REPORT, { color: true })).toMatch(ESC);
    expect(renderApplyReport(REPORT, { color: false })).not.toMatch(ESC);
  });
});

describe('renderApplyEvent', () => {
  it('writes one JSON object per line, event first', async () => {
    const lines = EVENTS.map(renderApplyEvent);
    for (const [i, line] of lines.entries()) {
      expect(line).not.toMatch(/[\n\r]/);
      expect(JSON.parse(line)).toEqual(EVENTS[i]);
      expect(line.startsWith('{"event":')).toBe(true);
    }
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./golden/apply-events.jsonl');
  });

  it('escapes line separators inside strings', () => {
    const event: ApplyEvent = { event: 'reload', ok: false, error: 'a\nb\u2028c\u2029d' };
    const line = renderApplyEvent(event);
    expect(line).toBe('{"event":"reload","ok":false,"error":"a\\nb\\u2028c\\u2029d"}');
    expect(JSON.parse(line)).toEqual(event);
  });
});
