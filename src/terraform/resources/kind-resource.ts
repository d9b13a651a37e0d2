import type { DeleteTarget } from '../../model/kind-api.js';
import type { Kind } from '../../model/desired.js';
import { KIND_SPECS } from '../../model/kinds.js';
import type { ProviderContext } from '../context.js';
import type { ClientCapabilities, Diagnostic, ResourceHandler, StateResponse, TfObject } from '../types.js';
import { apiDiagnostic, knownNumber } from '../values.js';

/** The state attribute that holds the platform's id of an object of kind K: the one a delete needs. */
export type IdAttribute<K extends Kind> = Exclude<keyof Extract<DeleteTarget, { kind: K }>, 'kind'>;

/** What a resource's own steps get: the provider's context, and the write mark of this kind. */
export interface KindCalls {
  readonly ctx: ProviderContext;
  /** Marks a write: the apply waits for the proxy reload, and what this kind's plans read is stale. */
  readonly wrote: () => void;
}

/** A key no object has, or several share, in the words Terraform shows; `ambiguous`: several. */
export interface KeyProblem {
  readonly summary: string;
  readonly detail: string;
  readonly ambiguous?: boolean;
}

/** How a kind is imported by the key of its files (`KindSpec.keyField`: `did:` or `name:`), and by id. */
export interface KindImport<Live> {
  /** Example ids in the invalid-id message: `a ruleid (7)`, `name:<route name> (name:UK mobile)`. */
  readonly words: { readonly id: string; readonly key: string };
  /** The object the key names; null when none has it (a key the platform keeps unique); or the problem. */
  readonly byKey: (calls: KindCalls, key: string) => Promise<{ readonly live: Live } | { readonly problem: KeyProblem } | null>;
}

/**
 * What one kind adds to the lifecycle every resource shares: its Terraform-side steps. The kind
 * itself (its noun, its key field) comes from its module in `src/model/kinds/` through KIND_SPECS;
 * the platform id, the import, reading and the two writes come from here. Delete (through
 * `deleteIfPresent`), the null guards, the error wording and import by id are the factory's.
 */
export interface KindResource<K extends Kind, Live> {
  readonly kind: K;
  /** The state attribute with the platform's id: `ruleid`, `gwgroupid`, `lease_id`. */
  readonly idAttribute: IdAttribute<K>;
  /** What a write makes stale besides the reload mark (lists this kind's plans read once per command). */
  readonly stale?: (ctx: ProviderContext) => void;
  /** ValidateResourceConfig: the configuration through the one normaliser, and the kind's own rules. */
  readonly validate: (config: TfObject, client?: ClientCapabilities) => readonly Diagnostic[];
  /** PlanResourceChange of a create (`prior` null) or update; never called for a destroy. */
  readonly plan: (
    calls: KindCalls,
    req: { prior: TfObject | null; proposed: TfObject; config: TfObject | null },
  ) => ReturnType<ResourceHandler['plan']>;
  /** How the desired values of the plan are made and sent: a create. */
  readonly create: (calls: KindCalls, planned: TfObject, config: TfObject | null) => Promise<StateResponse>;
  /** An update in place. */
  readonly update: (calls: KindCalls, prior: TfObject, planned: TfObject, config: TfObject | null) => Promise<StateResponse>;
  /** The live object by its id (null: gone), and as Terraform state (`like`: the state or plan read for). */
  readonly reading:
    | {
        readonly get: (calls: KindCalls, id: number) => Promise<Live | null>;
        readonly toState: (live: Live, like: TfObject | null) => TfObject;
      }
    | { readonly readState: (calls: KindCalls, state: TfObject) => Promise<TfObject | null> };
  /** How it is imported, or why it cannot be (the platform cannot read it back). */
  readonly importing: KindImport<Live> | { readonly refused: { readonly summary: string; readonly detail: string } };
  /** The words of a failed apply, when not `write the <noun>` and `delete the <noun>`. */
  readonly verbs?: { readonly write: string; readonly delete: string };
  /** A failed write's own diagnostic (e.g. a DID another mapping holds), instead of the platform's words. */
  readonly failed?: (calls: KindCalls, err: unknown, prior: TfObject | null, planned: TfObject | null) => Promise<Diagnostic | undefined>;
}

const error = (summary: string, detail: string): Diagnostic => ({ severity: 'error', summary, detail });

/**
 * The managed resource of one kind (`resourceTypeOf`, managed.ts): the lifecycle all of them share around
 * the kind's own steps. A destroy deletes by the id in state (gone already counts as done); a
 * failed apply keeps the prior state and says what failed without anything secret; a read of an
 * object that is gone returns null (Terraform plans it anew); import takes the id or the key.
 */
export function kindResource<K extends Kind, Live>(ctx: ProviderContext, d: KindResource<K, Live>): ResourceHandler {
  const noun = KIND_SPECS[d.kind].noun;
  const verbs = d.verbs ?? { write: `write the ${noun}`, delete: `delete the ${noun}` };
  const calls: KindCalls = {
    ctx,
    wrote: () => {
      ctx.wrote();
      d.stale?.(ctx);
    },
  };
  const readLive = async (id: number, like: TfObject | null): Promise<TfObject | null> => {
    if (!('get' in d.reading)) return null;
    const live = await d.reading.get(calls, id);
    return live === null ? null : d.reading.toState(live, like);
  };

  const importState = async (id: string): Promise<StateResponse> => {
    if ('refused' in d.importing) return { state: null, diagnostics: [error(d.importing.refused.summary, d.importing.refused.detail)] };
    const { words, byKey } = d.importing;
    const keyField = KIND_SPECS[d.kind].keyField;
    const byId = /^[0-9]+$/.test(id) && Number.isSafeInteger(Number(id)) && Number(id) > 0;
    if (!byId && !id.startsWith(`${keyField}:`))
      return { state: null, diagnostics: [error('Invalid import id', `"${id}" is neither ${words.id} nor ${words.key}.`)] };
    const key = id.slice(keyField.length + 1);
    const missing = byId ? `${String(d.idAttribute)} ${id}` : `${keyField === 'did' ? 'DID' : keyField} "${key}"`;
    const gone = error(`Cannot import a missing ${noun}`, `The platform has no ${noun} with ${missing}.`);
    try {
      if (byId) {
        const state = await readLive(Number(id), null);
        return state ? { state } : { state: null, diagnostics: [gone] };
      }
      const found = await byKey(calls, key);
      if (found === null) return { state: null, diagnostics: [gone] };
      if ('problem' in found) {
        const { summary, detail, ambiguous } = found.problem;
        const instead = ambiguous
          ? ` Import it by ${String(d.idAttribute)} instead: terraform import ADDRESS <${String(d.idAttribute)}>.`
          : '';
        return { state: null, diagnostics: [error(`Cannot import: ${summary}`, detail + instead)] };
      }
      return { state: 'get' in d.reading ? d.reading.toState(found.live, null) : null };
    } catch (err) {
      return { state: null, diagnostics: [apiDiagnostic(`read the ${noun} to import`, err)] };
    }
  };

  return {
    validate: (config, client) => d.validate(config, client),

    async plan({ prior, proposed, config }) {
      return proposed ? d.plan(calls, { prior, proposed, config }) : { planned: null };
    },

    async apply({ prior, planned, config }) {
      try {
        if (!planned) {
          const id = knownNumber(prior, String(d.idAttribute))!;
          await ctx.client().deleteIfPresent({ kind: d.kind, [d.idAttribute]: id } as unknown as DeleteTarget);
          calls.wrote();
          return { state: null };
        }
        return prior ? await d.update(calls, prior, planned, config) : await d.create(calls, planned, config);
      } catch (err) {
        const own = await d.failed?.(calls, err, prior, planned);
        return { state: prior, diagnostics: [own ?? apiDiagnostic(planned ? verbs.write : verbs.delete, err)] };
      }
    },

    async read(state) {
      try {
        if ('readState' in d.reading) return { state: await d.reading.readState(calls, state) };
        return { state: await readLive(knownNumber(state, String(d.idAttribute))!, state) };
      } catch (err) {
        return { state, diagnostics: [apiDiagnostic(`read the ${noun}`, err)] };
      }
    },

    importState,
  };
}
