import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/reconcile/types.js';
import { renderApplyEvent, renderApplyReport, renderOutcomeLine } from '../../src/render/index.js';
import { EVENTS, OUTCOMES, REPORT, REPORT_CLEAN, REPORT_RELOAD_FAILED } from './fixtures.js';

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
    [2, 'failed        + outbound_route "UK from our 1555 numbers": API_BAD_REQUEST: POST /outboundroutes: 400 rejected: "Duplicate LCR pattern"'],
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
    [REPORT_RELOAD_FAILED, 'Apply complete: 7 applied, 0 failed, 0 not attempted. Proxy reload failed: API_SERVER_ERROR: POST /reload/kamailio: 500.\n'],
  ])('a clean apply is one line: %#', (report, text) => {
    expect(renderApplyReport(report, { color: false })).toBe(text);
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
