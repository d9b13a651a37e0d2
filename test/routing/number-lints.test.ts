// The number lints (issue 35 §5) of the rules after a plan, as the planner runs them: the live
// inventory (read from a platform with the Numbers module, declared or not) with the plan's changes
// and what the platform does to numbers when the plan writes their mappings. Pure, no server.
import { describe, expect, it } from 'vitest';
import type { DesiredNumber } from '../../src/model/number.js';
import type { LiveState } from '../../src/model/live.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { planFindings } from '../../src/plan/plan-findings.js';
import { desired, dm, lm, ln } from '../plan/builders.js';

/** A live number. */

/** The number findings of planning `files` against `live`: code and key of each, in order. */
function numberLints(files: ReturnType<typeof desired>, live: LiveState): string[] {
  const made = buildPlan({ desired: files, live, target: 'test', now: Date.UTC(2026, 0, 1), profile: 'current' });
  if (!made.ok) throw new Error(JSON.stringify(made.issues));
  return planFindings(files, live, made.plan)
    .filter((f) => ['number_unrouted', 'mapping_number_available', 'plus_did_dropped'].includes(f.code))
    .map((f) => `${f.code} ${f.key}${f.acknowledged ? ' (acknowledged)' : ''}`);
}

const CATCH_ALL = lm(1, '', ['#2']);
const DECLARED: DesiredNumber = {
  did: '15551230001',
  status: 'available',
  carrier: null,
  pool: null,
  origin: { file: 'n.yaml', line: 3, col: 5 },
};

describe('the number lints after a plan', () => {
  it.each<[string, ReturnType<typeof desired>, LiveState, string[]]>([
    [
      'a live number no mapping routes (no catch-all), the files declaring no numbers',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [lm(2, '15551230001', ['#2'])], numbers: [ln(1, '15557770009', 'reserved')] },
      ['number_unrouted 15557770009'],
    ],
    [
      'the catch-all routes it: nothing to say',
      desired({ inbound_mappings: [dm(''), dm('15551230001', ['#2'])] }),
      { inbound_mappings: [{ ...CATCH_ALL, servers: ['1'] }, lm(2, '15551230001', ['#2'])], numbers: [ln(1, '15557770009', 'reserved')] },
      [],
    ],
    [
      'a routing mapping the plan leaves as it is, its live number available',
      desired({ inbound_mappings: [dm(''), dm('15551230001', ['#2'])] }),
      { inbound_mappings: [{ ...CATCH_ALL, servers: ['1'] }, lm(2, '15551230001', ['#2'])], numbers: [ln(1, '15551230001', 'available')] },
      ['mapping_number_available 15551230001'],
    ],
    [
      'the plan creates that mapping: the platform marks its number assigned, nothing to say',
      desired({ inbound_mappings: [dm(''), dm('15551230001', ['#2'])] }),
      { inbound_mappings: [{ ...CATCH_ALL, servers: ['1'] }], numbers: [ln(1, '15551230001', 'available')] },
      [],
    ],
    [
      'the files declare it available: the next apply writes it so again',
      { ...desired({ inbound_mappings: [dm(''), dm('15551230001', ['#2'])] }), numbers: [DECLARED] },
      { inbound_mappings: [{ ...CATCH_ALL, servers: ['1'] }], numbers: [ln(1, '15551230001', 'available')] },
      ['mapping_number_available 15551230001'],
    ],
    [
      'a live available + number: its mapping is written without the +',
      desired({ inbound_mappings: [dm(''), dm('+15551230002', ['#2'])] }),
      {
        inbound_mappings: [{ ...CATCH_ALL, servers: ['1'] }, lm(2, '+15551230002', ['#2'])],
        numbers: [ln(1, '+15551230002', 'available')],
      },
      ['mapping_number_available +15551230002', 'plus_did_dropped +15551230002'],
    ],
    [
      'acknowledged by a did glob in policy.accept',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])], policy: { accept: [{ lint: 'number_unrouted', did: '1555777*' }] } }),
      { inbound_mappings: [lm(2, '15551230001', ['#2'])], numbers: [ln(1, '15557770009', 'reserved')] },
      ['number_unrouted 15557770009 (acknowledged)'],
    ],
    [
      'no numbers read (a platform without the module): none',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [lm(2, '15551230001', ['#2'])] },
      [],
    ],
  ])('%s', (_name, files, live, expected) => {
    expect(numberLints(files, live)).toEqual(expected);
  });

  it('places a declared number at its FILE:LINE:COL and names the mapping it empties there', () => {
    const files = {
      ...desired({ inbound_mappings: [{ ...dm('15551230001', ['#2']), origin: { file: 'm.yaml', line: 4, col: 5 } }] }),
      numbers: [DECLARED],
    };
    const live: LiveState = { inbound_mappings: [lm(2, '15551230001', ['#2'])], numbers: [ln(1, '15551230001', 'available')] };
    const made = buildPlan({ desired: files, live, target: 'test', now: 0, profile: 'current' });
    if (!made.ok) throw new Error('not planned');
    const f = planFindings(files, live, made.plan).find((x) => x.code === 'mapping_number_available')!;
    expect(f.origin).toEqual({ file: 'm.yaml', line: 4, col: 5 });
    expect(f.message).toContain('its number "15551230001" (n.yaml:3:5) is available');
    expect(f.hint).toContain('status: assigned');
  });
});
