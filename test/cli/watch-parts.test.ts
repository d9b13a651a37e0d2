import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/model/plan.js';
import { driftEvents } from '../../src/watch/events.js';
import { HealthBook } from '../../src/watch/health.js';
import { jittered, parseInterval } from '../../src/watch/interval.js';
import { WatchMetrics } from '../../src/watch/metrics.js';
import { parseListen } from '../../src/watch/server.js';
import { parseMetrics, sampleOf } from './watch-helpers.js';

describe('the parts of dsipform watch', () => {
  it.each([
    ['60s', 60_000],
    ['60', 60_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1500ms', 1500],
    ['1.5s', 1500],
    ['100ms', 100],
  ])('--interval %s is %i ms', (text, ms) => {
    expect(parseInterval(text)).toBe(ms);
  });

  it.each(['0', '99ms', '', '5x', '-1s', '1d'])('--interval %j is refused (CLI_BAD_OPTION)', (text) => {
    expect(() => parseInterval(text)).toThrow(expect.objectContaining({ code: 'CLI_BAD_OPTION' }) as Error);
  });

  it('jitters within a tenth of the interval either way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 86_400_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (ms, r) => {
        const wait = jittered(ms, r);
        return wait >= Math.floor(ms * 0.9) && wait <= Math.ceil(ms * 1.1);
      }),
    );
  });

  it.each([
    ['127.0.0.1:9464', { host: '127.0.0.1', port: 9464 }],
    ['0.0.0.0:0', { host: '0.0.0.0', port: 0 }],
    ['[::1]:9464', { host: '::1', port: 9464 }],
    ['9464', { host: '127.0.0.1', port: 9464 }],
  ])('--listen %s', (text, expected) => {
    expect(parseListen(text)).toEqual(expected);
  });

  it.each(['localhost', '127.0.0.1:99999', ':9464', '::1:9464'])('--listen %j is refused', (text) => {
    expect(() => parseListen(text)).toThrow(expect.objectContaining({ code: 'CLI_BAD_OPTION' }) as Error);
  });

  it('/healthz: 503 before every target ran, 200 when each last run finished (a refusal too), 503 while one failed', () => {
    const book = new HealthBook(['a', 'b']);
    expect(book.answer().status).toBe(503);
    expect(JSON.parse(book.answer().body)).toEqual({ status: 'starting', targets: { a: null, b: null } });
    book.note('a', { ok: true, at: 't', changes: 0, applied: 0 });
    expect(book.answer().status).toBe(503);
    book.note('b', { ok: true, at: 't', changes: 1, applied: 0, error: 'PLAN_UNSAFE', refused: true });
    expect(book.answer().status).toBe(200);
    book.note('a', { ok: false, at: 't', changes: 0, applied: 0, error: 'API_CONNECTION_REFUSED' });
    expect(book.answer()).toMatchObject({ status: 503 });
    expect(JSON.parse(book.answer().body).status).toBe('failing');
  });

  it('the drift gauge follows the last plan: a kind and action that went away is removed, not left at its old value', async () => {
    const m = new WatchMetrics();
    const change = (kind: string, action: string) => ({ kind, action });
    m.record({
      target: 't',
      changes: [change('outbound_route', 'create'), change('outbound_route', 'create'), change('inbound_mapping', 'delete')],
      unroutedCalls: 4,
      applied: 0,
      at: 1000,
    });
    const first = parseMetrics(await m.text());
    const { types, help } = first;
    let samples = first.samples;
    expect(sampleOf(samples, 'dsipform_drift_changes', { target: 't', kind: 'outbound_route', action: 'create' })).toBe(2);
    expect(sampleOf(samples, 'dsipform_drift_changes', { target: 't', kind: 'inbound_mapping', action: 'delete' })).toBe(1);
    expect(sampleOf(samples, 'dsipform_unrouted_calls', { target: 't' })).toBe(4);
    expect(sampleOf(samples, 'dsipform_last_run_timestamp_seconds', { target: 't' })).toBe(1);
    expect(types.get('dsipform_run_errors_total')).toBe('counter');
    expect(types.get('dsipform_drift_changes')).toBe('gauge');
    expect(help.get('dsipform_unrouted_calls')).toMatch(/PLAN_UNROUTING/);
    m.record({ target: 't', changes: [change('outbound_route', 'create')], unroutedCalls: 0, applied: 1, at: 2000 });
    // A failed run (nothing planned) keeps the last known drift, and counts the error.
    m.record({ target: 't', changes: [], unroutedCalls: 0, applied: 0, errorCode: 'API_TIMEOUT', at: 3000 });
    samples = parseMetrics(await m.text()).samples;
    expect(sampleOf(samples, 'dsipform_drift_changes', { target: 't', kind: 'outbound_route', action: 'create' })).toBe(1);
    expect(sampleOf(samples, 'dsipform_drift_changes', { target: 't', kind: 'inbound_mapping', action: 'delete' })).toBeUndefined();
    expect(sampleOf(samples, 'dsipform_applied_changes_total', { target: 't' })).toBe(1);
    expect(sampleOf(samples, 'dsipform_run_errors_total', { target: 't' })).toBe(1);
    expect(sampleOf(samples, 'dsipform_last_run_timestamp_seconds', { target: 't' })).toBe(3);
  });

  it('a drift event names the object and the fields that differ, never their values', () => {
    const plan = {
      changes: [
        {
          kind: 'outbound_route',
          action: 'update',
          key: 'US',
          fields: ['gwgroupid'],
          before: { name: 'US', prefix: '1', gwgroupid: 'old-secret-value' },
          after: { name: 'US', prefix: '1', gwgroupid: 'new-secret-value' },
        },
      ],
    } as unknown as Plan;
    const [event] = driftEvents('prod', plan, '2026-01-01T00:00:00.000Z');
    expect(event).toEqual({
      text: 'dsipform: prod drifted: outbound route "US" (would update)',
      event: 'drift',
      target: 'prod',
      at: '2026-01-01T00:00:00.000Z',
      kind: 'outbound_route',
      action: 'update',
      key: 'US',
      fields: ['gwgroupid'],
    });
    expect(JSON.stringify(event)).not.toMatch(/secret-value/);
  });
});
