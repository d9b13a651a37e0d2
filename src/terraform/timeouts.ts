import { operationDeadline } from '../api/retry.js';
import { counted } from './operation-tally.js';
import type { ProviderContext } from './context.js';
import { isUnknown, type Diagnostic, type ResourceHandler, type TfObject } from './types.js';
import { attrError } from './values.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses a Go-style duration ("30s", "2m", "1h30m", "500ms") to milliseconds, else undefined. */
function parseDuration(text: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(text)) return undefined;
  let ms = 0;
  for (const [, n, , unit] of text.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/g)) ms += Number(n) * UNIT_MS[unit!]!;
  return ms > 0 ? ms : undefined;
}

const OPERATIONS = ['create', 'update', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];

function timeoutsOf(obj: TfObject | null): TfObject | null {
  const t = obj?.timeouts;
  return t && typeof t === 'object' && !Array.isArray(t) ? t : null;
}

function without(obj: TfObject | null): TfObject | null {
  if (!obj || !('timeouts' in obj)) return obj;
  const { timeouts: _, ...rest } = obj;
  return rest;
}

/** The state with the block as given; objects that never had the block (unit tests) stay without. */
function withTimeouts(state: TfObject | null, from: TfObject | null): TfObject | null {
  return state === null || !from || !('timeouts' in from) ? state : { ...state, timeouts: timeoutsOf(from) };
}

/** Checks each duration of a `timeouts` block, pointing at the attribute. */
function validateTimeouts(config: TfObject): Diagnostic[] {
  const t = timeoutsOf(config);
  if (!t) return [];
  const out: Diagnostic[] = [];
  for (const op of OPERATIONS) {
    const v = t[op];
    if (typeof v !== 'string' || isUnknown(v)) continue;
    if (parseDuration(v) === undefined)
      out.push(
        attrError(['timeouts', op], 'Invalid duration', `"${v}" is not a duration: use a number with a unit, e.g. "30s", "2m" or "1h30m".`),
      );
  }
  return out;
}

/**
 * Adds the `timeouts` block (create, update, delete) to a resource: the resource's own logic never
 * sees it; Terraform's state carries it as configured; each operation runs under its deadline, which
 * bounds the client's request timeouts and retries. Every operation counts its requests, so a
 * timeout's message says what was tried (`truthfulMessage`).
 */
export function withOperationTimeouts(handler: ResourceHandler, _ctx: ProviderContext): ResourceHandler {
  return {
    validate: (config, client) => [...handler.validate(without(config)!, client), ...validateTimeouts(config)],
    async plan(req) {
      const res = await counted(() =>
        handler.plan({ prior: without(req.prior), proposed: without(req.proposed), config: without(req.config) }),
      );
      return { ...res, planned: withTimeouts(res.planned, req.proposed) };
    },
    async apply(req) {
      const op: Operation = req.planned === null ? 'delete' : req.prior === null ? 'create' : 'update';
      const text = timeoutsOf(req.planned ?? req.prior)?.[op];
      const ms = typeof text === 'string' ? parseDuration(text) : undefined;
      const run = () => handler.apply({ prior: without(req.prior), planned: without(req.planned), config: without(req.config) });
      const deadline = ms === undefined ? undefined : Date.now() + ms;
      const res =
        deadline === undefined
          ? await counted(run)
          : await counted(() => operationDeadline.run(deadline, run), { op, text: text as string, deadline });
      // A failed create or update returns the prior state: it keeps the prior timeouts.
      const keep =
        res.state !== null && req.planned !== null && res.diagnostics?.some((d) => d.severity === 'error') && !res.written
          ? req.prior
          : req.planned;
      return { ...res, state: withTimeouts(res.state, keep) };
    },
    async read(state) {
      const res = await counted(() => handler.read(without(state)!));
      return { ...res, state: withTimeouts(res.state, state) };
    },
    importState: (id) => counted(() => handler.importState(id)),
  };
}
