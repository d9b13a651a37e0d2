import { ApiError } from '../../api/errors.js';
import type { InboundMapping } from '../../model/inbound-mapping.js';
import { descriptionProblem, didProblem, serversProblem } from '../../model/rules.js';
import type { ProviderContext } from '../context.js';
import { UNKNOWN, type Diagnostic, type ResourceHandler, type TfObject } from '../types.js';
import { apiDiagnostic, check, knownNumber, knownString, knownStrings } from '../values.js';

function toState(m: InboundMapping): TfObject {
  return { id: String(m.ruleid), ruleid: m.ruleid, did: m.did, servers: [...m.servers], notes: m.notes };
}

/** `dsiprouter_inbound_mapping`: changing `did` renames in place; import by ruleid or `did:<DID>`. */
export function inboundMappingResource(ctx: ProviderContext): ResourceHandler {
  return {
    validate(config) {
      const out: Diagnostic[] = [];
      check(out, ['did'], config.did, didProblem, 'Quote the DID and use only 0-9 + # *; "" is the default mapping.');
      const servers = config.servers;
      if (Array.isArray(servers)) {
        if (servers.length < 1 || servers.length > 2) check(out, ['servers'], servers, serversProblem);
        else servers.forEach((s, i) => check(out, ['servers', i], typeof s === 'string' ? [s] : null, serversProblem));
      }
      check(out, ['notes'], config.notes, (v: string) => descriptionProblem(v, 'notes'));
      return out;
    },

    async plan({ prior, proposed, config }) {
      if (!proposed) return { planned: null };
      const planned: TfObject = { ...proposed, notes: config?.notes ?? '' };
      // The deployed API cannot update a mapping in place: any change is delete + create, which
      // hands out a new rule id (still an update for Terraform: the address and the DID stay).
      const replaced = prior && (await ctx.client().profile()) === 'current' && ['did', 'servers', 'notes'].some((k) => JSON.stringify(prior[k]) !== JSON.stringify(planned[k]));
      if (!prior || replaced) Object.assign(planned, { id: UNKNOWN, ruleid: UNKNOWN });
      return { planned };
    },

    async apply({ prior, planned }) {
      const client = ctx.client();
      try {
        if (!planned) {
          const ruleid = knownNumber(prior, 'ruleid')!;
          await client.deleteInboundMapping({ ruleid }).catch((err) => {
            if (!(err instanceof ApiError && err.isNotFound)) throw err;
          });
          ctx.wrote();
          return { state: null };
        }
        const fields = { did: knownString(planned, 'did')!, servers: knownStrings(planned, 'servers')!, notes: knownString(planned, 'notes') ?? '' };
        if (!prior) {
          const ruleid = await client.createInboundMapping(fields);
          ctx.wrote();
          return { state: toState({ ruleid, ...fields }) };
        }
        const ruleid = knownNumber(prior, 'ruleid')!;
        const patch: Record<string, unknown> = {};
        if (prior.did !== fields.did) patch.did = fields.did;
        if (JSON.stringify(prior.servers) !== JSON.stringify(fields.servers)) patch.servers = fields.servers;
        if (prior.notes !== fields.notes) patch.notes = fields.notes;
        if (Object.keys(patch).length === 0) return { state: toState({ ruleid, ...fields }) };
        ctx.wrote();
        if ((await client.profile()) === 'current') {
          await client.deleteInboundMapping({ ruleid });
          return { state: toState({ ruleid: await client.createInboundMapping(fields), ...fields }) };
        }
        await client.updateInboundMapping({ ruleid }, patch);
        return { state: toState({ ruleid, ...fields }) };
      } catch (err) {
        return { state: prior, diagnostics: [apiDiagnostic(planned ? 'write the inbound mapping' : 'delete the inbound mapping', err)] };
      }
    },

    async read(state) {
      try {
        const live = await ctx.client().getInboundMapping({ ruleid: knownNumber(state, 'ruleid')! });
        return { state: live ? toState(live) : null };
      } catch (err) {
        return { state, diagnostics: [apiDiagnostic('read the inbound mapping', err)] };
      }
    },

    async importState(id) {
      const byDid = id.startsWith('did:');
      const ruleid = Number(id);
      if (!byDid && !(Number.isSafeInteger(ruleid) && ruleid > 0)) {
        return { state: null, diagnostics: [{ severity: 'error', summary: 'Invalid import id', detail: `"${id}" is neither a ruleid (7) nor did:<DID> (did:+4420). ` }] };
      }
      try {
        const live = await ctx.client().getInboundMapping(byDid ? { did: id.slice(4) } : { ruleid });
        if (!live) return { state: null, diagnostics: [{ severity: 'error', summary: 'Cannot import a missing inbound mapping', detail: `The platform has no inbound mapping with ${byDid ? `DID "${id.slice(4)}"` : `ruleid ${ruleid}`}.` }] };
        return { state: toState(live) };
      } catch (err) {
        return { state: null, diagnostics: [apiDiagnostic('read the inbound mapping to import', err)] };
      }
    },
  };
}
