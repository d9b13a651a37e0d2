// Which managed mappings the Numbers module emptied, and whether the plan's repair holds (issue 35
// §4): the planner's pure part, by table. The CLI's outputs are tested in
// test/cli/numbers-coexistence.test.ts against the emulator.
import { describe, expect, it } from 'vitest';
import type { DesiredNumber } from '../../src/model/number.js';
import type { LiveState } from '../../src/model/live.js';
import type { DesiredState } from '../../src/model/desired.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { desired, dm, lm, ln } from './builders.js';

const declared = (status: string): DesiredNumber => ({ did: '15551230001', status, carrier: null, pool: null });
const EMPTIED = lm(7, '15551230001', [''], '15551230001');

/** `key number holds` of each finding of planning `files` against `live` on a profile. */
function found(files: DesiredState, live: LiveState, profile: 'spec' | 'current' = 'current'): string[] {
  const made = buildPlan({ desired: files, live, target: 'test', now: 0, profile });
  if (!made.ok) throw new Error(JSON.stringify(made.issues));
  return (made.plan.coexistence ?? []).map(
    (f) => `${f.key} ${f.number.did}#${f.number.id} ruleid ${f.ruleid} ${f.repair_holds ? 'holds' : 'does not hold'}`,
  );
}

describe('mappings the Numbers module emptied', () => {
  it.each<[string, DesiredState, LiveState, 'spec' | 'current', string[]]>([
    [
      'emptied, number not declared, replaced on the deployed platform: the create marks it assigned',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '15551230001', 'available')] },
      'current',
      ['15551230001 15551230001#1 ruleid 7 holds'],
    ],
    [
      'updated in place: the number stays available',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '15551230001', 'available')] },
      'spec',
      ['15551230001 15551230001#1 ruleid 7 does not hold'],
    ],
    [
      'the files declare the number available',
      { ...desired({ inbound_mappings: [dm('15551230001', ['#2'])] }), numbers: [declared('available')] },
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '15551230001', 'available')] },
      'current',
      ['15551230001 15551230001#1 ruleid 7 does not hold'],
    ],
    [
      'the files declare it reserved: written before the mapping',
      { ...desired({ inbound_mappings: [dm('15551230001', ['#2'])] }), numbers: [declared('reserved')] },
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '15551230001', 'available')] },
      'current',
      ['15551230001 15551230001#1 ruleid 7 holds'],
    ],
    [
      'a + mapping of the files, renamed to the bare DID by the platform: the plan creates it again',
      desired({ inbound_mappings: [dm('+15551230001', ['#2'])] }),
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '+15551230001', 'available')] },
      'current',
      ['+15551230001 +15551230001#1 ruleid 7 holds'],
    ],
    [
      'the mapping names an endpoint group the same plan creates (its id not known yet)',
      {
        ...desired({ inbound_mappings: [{ ...dm('15551230001', []), group: 'Acme PBX' }] }),
        endpoint_groups: [{ name: 'Acme PBX', call_limit: null, strip: 0, prefix: '', endpoints: [], notifications: {}, cdr: null }],
      },
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '15551230001', 'available')], groups: [], endpoint_groups: [] },
      'current',
      ['15551230001 15551230001#1 ruleid 7 holds'],
    ],
    [
      'no servers and named after the DID, but the number is assigned: not the Numbers module',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [EMPTIED], numbers: [ln(1, '15551230001', 'assigned')] },
      'current',
      [],
    ],
    [
      'no servers, but another name: emptied by someone else',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [lm(7, '15551230001', [''], 'Main office')], numbers: [ln(1, '15551230001', 'available')] },
      'current',
      [],
    ],
    [
      'the numbers were not read (no Numbers module)',
      desired({ inbound_mappings: [dm('15551230001', ['#2'])] }),
      { inbound_mappings: [EMPTIED] },
      'current',
      [],
    ],
  ])('%s', (_name, files, live, profile, expected) => {
    expect(found(files, live, profile)).toEqual(expected);
  });
});
