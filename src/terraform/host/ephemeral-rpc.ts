import { InternalError } from '../../model/errors.js';
import type { EphemeralResourceHandler } from '../types.js';
import { hasErrors, toDiagnosticMsgs } from './diagnostics.js';
import { findUnknown, fromDynamicValue, toDynamicValue } from './dynamic-value.js';
import type { ConfigRequest, DiagnosticMsg, DynamicValueMsg, TypedRequest } from './proto-types.js';
import type { TypedSchema } from './provider-schemas.js';
import { answer, configObject, fail, type RpcContext } from './rpc-context.js';

/** `OpenEphemeralResource.Request`, `Close…` and `Renew…`: `private` is absent when open gave none. */
interface PrivateRequest extends TypedRequest {
  readonly private?: Uint8Array | null;
}

/** `OpenEphemeralResource.Response`: no result (and nothing to close) when the open failed. */
interface OpenResponse {
  readonly diagnostics: DiagnosticMsg[];
  readonly result?: DynamicValueMsg;
  readonly private?: Buffer;
}

/** An ephemeral resource type's handler and schema, or a failure naming the unknown type. */
async function ephemeralOf(ctx: RpcContext, typeName: string): Promise<{ handler: EphemeralResourceHandler; schema: TypedSchema }> {
  const schema = ctx.schemas().ephemeralResources.get(typeName);
  if (schema === undefined)
    fail(`Unknown ephemeral resource type ${JSON.stringify(typeName)}`, 'The dsiprouter provider has no such ephemeral resource type.');
  const handler = (await ctx.provider.get()).ephemeralResources[typeName];
  if (handler === undefined) throw new InternalError(`ephemeral resource type ${typeName} is in the schema but has no handler`);
  return { handler, schema };
}

/** Bytes Terraform handed back, or undefined when there were none. */
const privateOf = (req: PrivateRequest): Uint8Array | undefined => (req.private && req.private.length > 0 ? req.private : undefined);

/**
 * The tfplugin6 Provider RPCs of ephemeral resources (Terraform 1.10+): Terraform opens one when a
 * run needs its value (in plan and again in apply), and closes it when the run is done with it. The
 * result and the private bytes live in Terraform's memory only, never in a plan or state.
 */
export function ephemeralRpcs(ctx: RpcContext) {
  return {
    ValidateEphemeralResourceConfig: (req: TypedRequest & ConfigRequest) =>
      answer(ctx, 'ValidateEphemeralResourceConfig', async () => {
        const { handler, schema } = await ephemeralOf(ctx, req.type_name);
        const config = configObject(fromDynamicValue(req.config, schema.type), schema.type);
        return { diagnostics: toDiagnosticMsgs(handler.validate(config), schema.type) };
      }),

    OpenEphemeralResource: (req: TypedRequest & ConfigRequest) =>
      answer(ctx, 'OpenEphemeralResource', async (): Promise<OpenResponse> => {
        const { handler, schema } = await ephemeralOf(ctx, req.type_name);
        const config = configObject(fromDynamicValue(req.config, schema.type), schema.type);
        const opened = await handler.open(config);
        const diagnostics = toDiagnosticMsgs(opened.diagnostics, schema.type);
        if (opened.result === null) {
          if (!hasErrors(opened.diagnostics)) throw new InternalError(`${req.type_name}: open returned no value and no error`);
          return { diagnostics };
        }
        const at = findUnknown(opened.result);
        if (at !== undefined) throw new InternalError(`${req.type_name}: open returned an unknown value at ${at}`);
        return {
          result: toDynamicValue(opened.result, schema.type),
          ...(opened.private ? { private: Buffer.from(opened.private) } : {}),
          diagnostics,
        };
      }),

    /** Never asked for: open sets no renew_at. Nothing to renew (a lease lives its ttl), so the answer is empty. */
    RenewEphemeralResource: (req: PrivateRequest) =>
      answer(ctx, 'RenewEphemeralResource', async () => {
        await ephemeralOf(ctx, req.type_name);
        const kept = privateOf(req);
        return { diagnostics: [], ...(kept ? { private: Buffer.from(kept) } : {}) };
      }),

    CloseEphemeralResource: (req: PrivateRequest) =>
      answer(ctx, 'CloseEphemeralResource', async () => {
        const { handler, schema } = await ephemeralOf(ctx, req.type_name);
        return { diagnostics: toDiagnosticMsgs(await handler.close(privateOf(req)), schema.type) };
      }),
  };
}
