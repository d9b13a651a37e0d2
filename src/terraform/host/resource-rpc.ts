import { InternalError } from '../../model/errors.js';
import type { Diagnostic, TfObject } from '../types.js';
import { hasErrors, toAttributePathMsg, toDiagnosticMsgs } from './diagnostics.js';
import { findUnknown, fromDynamicValue, toDynamicValue } from './dynamic-value.js';
import { decodeJson } from './json-codec.js';
import type {
  ApplyResourceChangeRequest,
  ConfigRequest,
  ImportResourceStateRequest,
  PlanResourceChangeRequest,
  ReadResourceRequest,
  TypedRequest,
  UpgradeResourceStateRequest,
} from './proto-types.js';
import { answer, asObject, configObject, dataSourceOf, fail, resourceOf, type RpcContext } from './rpc-context.js';

/** The tfplugin6 Provider RPCs of the managed resource lifecycle and of data sources. */
export function resourceRpcs(ctx: RpcContext) {
  return {
    /** Called on every refresh with the stored JSON state: re-encode it with the current schema. */
    UpgradeResourceState: (req: UpgradeResourceStateRequest) =>
      answer(ctx, 'UpgradeResourceState', async () => {
        const schema = ctx.schemas().resources.get(req.type_name);
        if (schema === undefined) fail(`Unknown resource type ${JSON.stringify(req.type_name)}`);
        const json = req.raw_state?.json;
        if (json === undefined || json.length === 0) {
          if (Object.keys(req.raw_state?.flatmap ?? {}).length > 0) {
            fail(
              'Unsupported state format',
              `The stored state of this ${req.type_name} is in the pre-0.12 flatmap format; remove it from the state and import it again.`,
            );
          }
          return { upgraded_state: toDynamicValue(null, schema.type), diagnostics: [] };
        }
        if (req.version !== schema.version) {
          fail(
            'Unsupported state version',
            `The stored state of this ${req.type_name} has schema version ${req.version}; this provider reads version ${schema.version}. ` +
              (req.version > schema.version
                ? 'It was written by a newer terraform-provider-dsiprouter: upgrade the provider.'
                : 'Remove it from the state and import it again.'),
          );
        }
        return { upgraded_state: toDynamicValue(decodeJson(json, schema.type, 'upgrade'), schema.type), diagnostics: [] };
      }),

    ReadResource: (req: ReadResourceRequest) =>
      answer(ctx, 'ReadResource', async () => {
        const { handler, schema } = await resourceOf(ctx, req.type_name);
        const current = asObject(fromDynamicValue(req.current_state, schema.type), 'the current state');
        const result = current === null ? { state: null } : await handler.read(current);
        const state = keepOnFailure(result, current);
        assertKnown(state, req.type_name, 'read');
        return {
          new_state: toDynamicValue(state, schema.type),
          private: req.private,
          diagnostics: toDiagnosticMsgs(result.diagnostics, schema.type),
        };
      }),

    PlanResourceChange: (req: PlanResourceChangeRequest) =>
      answer(ctx, 'PlanResourceChange', async () => {
        const { handler, schema } = await resourceOf(ctx, req.type_name);
        const prior = asObject(fromDynamicValue(req.prior_state, schema.type), 'the prior state');
        const proposed = asObject(fromDynamicValue(req.proposed_new_state, schema.type), 'the proposed new state');
        const config = asObject(fromDynamicValue(req.config, schema.type), 'the configuration');
        // Only asked for when plan_destroy is announced, which it is not: a destroy plans to nothing.
        if (proposed === null) {
          return {
            planned_state: toDynamicValue(null, schema.type),
            requires_replace: [],
            planned_private: req.prior_private,
            diagnostics: [],
          };
        }
        const result = await handler.plan({ prior, proposed, config });
        return {
          planned_state: toDynamicValue(result.planned, schema.type),
          requires_replace: (result.requiresReplace ?? []).map((path) => toAttributePathMsg(path, schema.type)),
          planned_private: req.prior_private,
          diagnostics: toDiagnosticMsgs(result.diagnostics, schema.type),
        };
      }),

    ApplyResourceChange: (req: ApplyResourceChangeRequest) =>
      answer(ctx, 'ApplyResourceChange', async () => {
        const { handler, schema } = await resourceOf(ctx, req.type_name);
        const prior = asObject(fromDynamicValue(req.prior_state, schema.type), 'the prior state');
        const planned = asObject(fromDynamicValue(req.planned_state, schema.type), 'the planned state');
        const config = asObject(fromDynamicValue(req.config, schema.type), 'the configuration');
        const result = await handler.apply({ prior, planned, config });
        const state = keepOnFailure(result, prior);
        assertKnown(state, req.type_name, 'apply');
        return {
          new_state: toDynamicValue(state, schema.type),
          private: req.planned_private,
          diagnostics: toDiagnosticMsgs(result.diagnostics, schema.type),
        };
      }),

    ImportResourceState: (req: ImportResourceStateRequest) =>
      answer(ctx, 'ImportResourceState', async () => {
        const { handler, schema } = await resourceOf(ctx, req.type_name);
        const result = await handler.importState(req.id);
        const diagnostics = toDiagnosticMsgs(result.diagnostics, schema.type);
        if (result.state === null) {
          if (!hasErrors(result.diagnostics))
            fail('Cannot import non-existent remote object', `No ${req.type_name} was found for the import id ${JSON.stringify(req.id)}.`);
          return { imported_resources: [], diagnostics };
        }
        assertKnown(result.state, req.type_name, 'import');
        const imported = { type_name: req.type_name, state: toDynamicValue(result.state, schema.type), private: Buffer.alloc(0) };
        return { imported_resources: [imported], diagnostics };
      }),

    ReadDataSource: (req: TypedRequest & ConfigRequest) =>
      answer(ctx, 'ReadDataSource', async () => {
        const { handler, schema } = await dataSourceOf(ctx, req.type_name);
        const config = configObject(fromDynamicValue(req.config, schema.type), schema.type);
        const result = await handler.read(config);
        if (result.state === null && !hasErrors(result.diagnostics))
          throw new InternalError(`data source ${req.type_name} returned no state and no error`);
        assertKnown(result.state, req.type_name, 'read');
        return { state: toDynamicValue(result.state, schema.type), diagnostics: toDiagnosticMsgs(result.diagnostics, schema.type) };
      }),
  };
}

/**
 * A failed read, update or delete that returns no state still has its object: keep the prior
 * state rather than tell Terraform the object is gone.
 */
function keepOnFailure(
  result: { state: TfObject | null; diagnostics?: readonly Diagnostic[]; written?: boolean },
  prior: TfObject | null,
): TfObject | null {
  return result.state === null && !result.written && hasErrors(result.diagnostics) ? prior : result.state;
}

function assertKnown(state: TfObject | null, typeName: string, step: string): void {
  const at = state === null ? undefined : findUnknown(state);
  if (at !== undefined) throw new InternalError(`${typeName}: ${step} returned an unknown value at ${at}; a state must be wholly known`);
}
