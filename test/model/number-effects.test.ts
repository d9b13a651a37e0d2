import { describe, expect, it } from 'vitest';
import { withPlatformEffects, type EffectsLive } from '../../src/model/kinds/did-number/effects.js';
import type { InboundMapping } from '../../src/model/inbound-mapping.js';
import type { Change } from '../../src/model/plan.js';
import { ln as num } from '../plan/builders.js';

function map(ruleid: number, did: string, servers: string[], notes = ''): InboundMapping {
  return { ruleid, did, servers, notes };
}
const fields = (did: string, status: string | null) => ({ did, status, carrier: null, pool: null });
const createNumber = (did: string, status: string | null): Change => ({
  action: 'create',
  kind: 'did_number',
  key: did,
  after: fields(did, status),
  fields: ['did', 'status'],
});
const updateNumber = (did: string, before: string | null, after: string | null): Change => ({
  action: 'update',
  kind: 'did_number',
  key: did,
  id: 1,
  before: fields(did, before),
  after: fields(did, after),
  fields: ['status'],
});
const createMapping = (did: string, servers: string[]): Change => ({
  action: 'create',
  kind: 'inbound_mapping',
  key: did,
  after: { did, servers, notes: '' },
  fields: ['did', 'servers', 'notes'],
});
const deleteMapping = (did: string, ruleid: number): Change => ({
  action: 'delete',
  kind: 'inbound_mapping',
  key: did,
  ruleid,
  before: { did, servers: ['66'], notes: '' },
  fields: [],
});

/** The words of each change's effects, in order. */
function words(changes: Change[], live: EffectsLive): string[][] {
  return withPlatformEffects(changes, live).changes.map((c) => (c.effects ?? []).map((e) => e.words));
}

describe('withPlatformEffects: what the Numbers module does, as data and words', () => {
  it.each<[string, Change[], EffectsLive, string[][]]>([
    [
      'a number created available empties the mapping of its DID, by name',
      [createNumber('15557770002', 'available')],
      { inbound_mappings: [map(5, '15557770002', ['66'], 'Acme main')], numbers: [] },
      [
        [
          'number 15557770002 → available: the platform empties its inbound mapping 15557770002 (Acme main), so calls to 15557770002 stop routing',
        ],
      ],
    ],
    [
      'without a mapping, it creates one with no servers; the + is dropped',
      [createNumber('+15557770004', 'available')],
      { inbound_mappings: [], numbers: [] },
      [['number +15557770004 → available: the platform creates inbound mapping 15557770004 with no servers']],
    ],
    [
      'a + mapping is renamed to the DID',
      [updateNumber('15557770002', 'reserved', 'available')],
      { inbound_mappings: [map(5, '+15557770002', ['66'])], numbers: [num(1, '15557770002', 'reserved')] },
      [
        [
          'number 15557770002 → available: the platform empties its inbound mapping +15557770002, renamed 15557770002, so calls to 15557770002 stop routing',
        ],
      ],
    ],
    [
      'any update while available rewrites the mapping',
      [{ ...updateNumber('15557770002', 'available', 'available'), fields: ['pool'] }],
      { inbound_mappings: [map(5, '15557770002', ['66'])], numbers: [num(1, '15557770002', 'available')] },
      [
        [
          'number 15557770002 updated while available: the platform empties its inbound mapping 15557770002, so calls to 15557770002 stop routing',
        ],
      ],
    ],
    [
      'a number written assigned or reserved leaves the mapping alone',
      [updateNumber('15557770002', 'available', 'reserved')],
      { inbound_mappings: [map(5, '15557770002', ['66'])], numbers: [num(1, '15557770002', 'available')] },
      [[]],
    ],
    [
      'a mapping created with servers marks its number assigned',
      [createMapping('15557770003', ['66'])],
      { inbound_mappings: [], numbers: [num(1, '15557770003', 'available')] },
      [['mapping 15557770003 created: the platform marks its number assigned']],
    ],
    [
      'a mapping deleted marks its + number available, named',
      [deleteMapping('15557770003', 7)],
      { inbound_mappings: [map(7, '15557770003', ['66'])], numbers: [num(1, '+15557770003', 'assigned')] },
      [['mapping 15557770003 deleted: the platform marks its number +15557770003 available']],
    ],
    [
      'a number deleted leaves its mapping as it is',
      [{ action: 'delete', kind: 'did_number', key: '15557770002', id: 1, before: fields('15557770002', 'available'), fields: [] }],
      { inbound_mappings: [map(5, '15557770002', ['66'])], numbers: [num(1, '15557770002', 'available')] },
      [[]],
    ],
    ['numbers not read: no number effect is claimed', [createMapping('15557770003', ['66'])], { inbound_mappings: [] }, [[]]],
    [
      'effects follow the order: the number first empties, the mapping then marks it assigned',
      [createNumber('15557770005', 'available'), createMapping('15557770005', ['66'])],
      { inbound_mappings: [], numbers: [] },
      [
        ['number 15557770005 → available: the platform creates inbound mapping 15557770005 with no servers'],
        ['mapping 15557770005 created: the platform marks its number assigned'],
      ],
    ],
  ])('%s', (_name, changes, live, expected) => {
    expect(words(changes, live)).toEqual(expected);
  });

  it('leaves a change without effects as it was (no effects key)', () => {
    const c = createNumber('15557770009', 'reserved');
    expect(withPlatformEffects([c], { numbers: [] }).changes[0]).toBe(c);
  });
});
