import { ApiError } from '../../api/errors.js';
import { DsipformError } from '../../model/errors.js';
import { changedNumberFields, numberIdentity } from '../../model/kinds/did-number/fields.js';
import { normalizeNumber } from '../../model/kinds/did-number/normalize.js';
import type { DesiredNumber, NumberPatch, NumberRecord } from '../../model/number.js';
import { numbersModuleMissing } from '../../model/numbers-module.js';
import type { ProviderContext } from '../context.js';
import { isUnknown, UNKNOWN, type Diagnostic, type StateResponse, type TfObject } from '../types.js';
import { attrError, knownNumber } from '../values.js';
import { hclHint } from './hcl-hint.js';
import type { KindCalls, KindResource } from './kind-resource.js';

const FIELDS = ['did', 'status', 'carrier', 'pool'] as const;

/** The platform's Numbers module, or NUMBERS_MODULE_MISSING in the words every front end uses. */
async function numbersModule(ctx: ProviderContext): Promise<void> {
  const client = ctx.client();
  if (await client.numbersModule()) return;
  throw numbersModuleMissing(
    { profile: await client.profile(), detected: client.profileDetected },
    'the configuration declares dsiprouter_number resources',
    'Remove the dsiprouter_number resources for this platform (set api_profile = "current" if it is a release 0.79 or later that was not detected)',
  );
}

/** A thrown NUMBERS_MODULE_MISSING as Terraform shows it: the code searchable, the remedy after it. */
function missingDiagnostic(err: DsipformError): Diagnostic {
  return {
    severity: 'error',
    summary: 'The platform has no Numbers module',
    detail: `${err.message} (${err.code}). ${err.hint ?? ''}`.trim(),
  };
}

/** The declared fields of a plan, as the files' normaliser makes them (`null`: none). */
function declared(planned: TfObject): Omit<DesiredNumber, 'origin'> {
  const text = (k: string) => (typeof planned[k] === 'string' ? planned[k] : null);
  return { did: String(planned.did), status: text('status'), carrier: text('carrier'), pool: text('pool') };
}

/** The state of a live number. The platform keeps the DID as written, `+` included. */
function toState(live: NumberRecord): TfObject {
  return { id: String(live.id), number_id: live.id, did: live.did, status: live.status, carrier: live.carrier, pool: live.pool };
}

/** The numbers of a DID's identity (the DID without its leading `+`s: one number to the platform), by one list request. */
async function byIdentity(ctx: ProviderContext, did: string): Promise<NumberRecord[]> {
  const bare = numberIdentity(did);
  return (await ctx.client().listNumbers({ contains: bare })).filter((n) => numberIdentity(n.did) === bare);
}

/** Reads the number back after a write and compares it with the plan: a write the platform did not keep is an error. */
async function readBack({ ctx }: KindCalls, id: number, planned: TfObject): Promise<StateResponse> {
  const asked = declared(planned);
  const held = (await byIdentity(ctx, asked.did)).find((n) => n.id === id);
  const differ = held ? changedNumberFields(held, asked) : ['the number is gone'];
  if (held && differ.length === 0) return { state: toState(held) };
  const shown = held
    ? differ.map((f) => `${f} is ${JSON.stringify(held[f as keyof NumberRecord])}, not ${JSON.stringify(asked[f as keyof typeof asked])}`)
    : differ;
  return {
    state: held ? toState(held) : null,
    written: true,
    diagnostics: [
      {
        severity: 'error',
        summary: 'The platform did not carry out the write of the number',
        detail: `Number "${asked.did}" (id ${id}): the platform answered 200, but reading it back shows ${shown.join('; ')} (NUMBER_NOT_WRITTEN). Another writer may have changed it at the same time: terraform plan shows what the platform holds.`,
      },
    ],
  };
}

/** ValidateResourceConfig: the files' normaliser over the known values, each issue at its attribute. */
function validateNumber(config: TfObject): Diagnostic[] {
  const raw: Record<string, unknown> = {};
  const unknown = new Set<string>();
  for (const f of FIELDS)
    if (isUnknown(config[f])) unknown.add(f);
    else if (config[f] !== null && config[f] !== undefined) raw[f] = config[f];
  const out: Diagnostic[] = [];
  for (const issue of normalizeNumber(raw).issues) {
    const field = String(issue.field[0]);
    if (issue.check === 'required' || unknown.has(field) || out.some((d) => d.attribute?.[0] === field)) continue;
    out.push(attrError([field], `Invalid ${field}`, `${issue.message}. ${hclHint(issue.hint, FIELDS)}`));
  }
  return out;
}

/**
 * `dsiprouter_number`: a number of the platform's DID inventory (its Numbers module, release 0.79),
 * kind `did_number`. The DID is kept as written; `+1555…` and `1555…` are one number to the
 * platform, so import by `did:` finds either. Every write is read back. A platform without the
 * module fails the plan with NUMBERS_MODULE_MISSING's words. Import by id or `did:<DID>`.
 */
export const DID_NUMBER_RESOURCE: KindResource<'did_number', NumberRecord> = {
  kind: 'did_number',
  idAttribute: 'number_id',
  validate: validateNumber,

  async plan({ ctx }, { prior, proposed }) {
    try {
      await numbersModule(ctx);
    } catch (err) {
      if (err instanceof DsipformError && err.code === 'NUMBERS_MODULE_MISSING')
        return { planned: proposed, diagnostics: [missingDiagnostic(err)] };
      throw err;
    }
    return {
      planned: prior ? { ...proposed, id: prior.id!, number_id: prior.number_id! } : { ...proposed, id: UNKNOWN, number_id: UNKNOWN },
    };
  },

  async create(calls, planned) {
    const want = declared(planned);
    const input = Object.fromEntries(Object.entries(want).filter(([, v]) => v !== null)) as { did: string };
    const made = await calls.ctx.client().createNumber(input);
    calls.wrote();
    return readBack(calls, made.id, planned);
  },

  async update(calls, prior, planned) {
    const id = knownNumber(prior, 'number_id')!;
    const before = declared(prior);
    const after = declared(planned);
    const fields = changedNumberFields(before, after);
    if (fields.length === 0) return { state: { ...prior, ...planned } };
    const patch = Object.fromEntries(fields.map((f) => [f, after[f as keyof typeof after]])) as NumberPatch;
    await calls.ctx.client().updateNumber(id, patch);
    calls.wrote();
    return readBack(calls, id, planned);
  },

  reading: {
    async get({ ctx }, id) {
      await numbersModule(ctx);
      return (await ctx.client().listNumbers()).find((n) => n.id === id) ?? null;
    },
    toState: (live) => toState(live),
  },

  importing: {
    words: { id: 'a number id (7)', key: 'did:<DID> (did:15557770001)' },
    async byKey({ ctx }, did) {
      await numbersModule(ctx);
      const found = await byIdentity(ctx, did);
      if (found.length === 0) return null;
      if (found.length === 1) return { live: found[0]! };
      const held = found.map((n) => `"${n.did}" (id ${n.id})`).join(' and ');
      return {
        problem: {
          summary: `several numbers are DID ${did} to the platform`,
          detail: `The platform holds ${held}, which it takes for one DID.`,
          ambiguous: true,
        },
      };
    },
  },

  /** A DID the platform holds already: say how to adopt it instead. */
  async failed(_calls, err, prior, planned) {
    if (prior !== null || !planned || !(err instanceof ApiError) || err.code !== 'API_CONFLICT') return undefined;
    const did = String(planned.did);
    return attrError(
      ['did'],
      'The platform holds this number already',
      `The platform already has a number for DID "${did}" (with or without a leading "+", it takes them for one). Import it instead of creating it: an import block with id = "did:${did}", or terraform import ADDRESS "did:${did}".`,
    );
  },
};
