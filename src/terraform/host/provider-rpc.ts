import { toDiagnosticMsgs } from './diagnostics.js';
import { fromDynamicValue } from './dynamic-value.js';
import type { CapabilitiesRequest, ConfigRequest, MoveResourceStateRequest, ServerCapabilitiesMsg, TypedRequest } from './proto-types.js';
import { answer, configObject, dataSourceOf, fail, resourceOf, type RpcContext } from './rpc-context.js';

/**
 * No destroy plans (Terraform plans destroys itself), the schema is static so Terraform may reuse
 * a copy it already has, and no MoveResourceState.
 */
const SERVER_CAPABILITIES: ServerCapabilitiesMsg = {
  plan_destroy: false,
  get_provider_schema_optional: true,
  move_resource_state: false,
};

const EMPTY_SCHEMA = {
  version: 0,
  block: { version: 0, attributes: [], block_types: [], description: '', description_kind: 0, deprecated: false },
};

/** The tfplugin6 Provider RPCs about the provider as a whole, validation and the unsupported features. */
export function providerRpcs(ctx: RpcContext) {
  return {
    GetMetadata: () =>
      answer(ctx, 'GetMetadata', async () => {
        const s = ctx.schemas();
        return {
          server_capabilities: SERVER_CAPABILITIES,
          diagnostics: [],
          resources: [...s.resources.keys()].map((type_name) => ({ type_name })),
          data_sources: [...s.dataSources.keys()].map((type_name) => ({ type_name })),
          ephemeral_resources: [...s.ephemeralResources.keys()].map((type_name) => ({ type_name })),
          functions: [],
        };
      }),

    GetProviderSchema: () =>
      answer(ctx, 'GetProviderSchema', async () => ({
        ...ctx.schemas().messages,
        provider_meta: EMPTY_SCHEMA,
        server_capabilities: SERVER_CAPABILITIES,
        functions: {},
        diagnostics: [],
      })),

    GetResourceIdentitySchemas: () => answer(ctx, 'GetResourceIdentitySchemas', async () => ({ identity_schemas: {}, diagnostics: [] })),

    ValidateProviderConfig: (req: ConfigRequest) =>
      answer(ctx, 'ValidateProviderConfig', async () => {
        const { type } = ctx.schemas().provider;
        const config = configObject(fromDynamicValue(req.config, type), type);
        const provider = await ctx.provider.get();
        return { diagnostics: toDiagnosticMsgs(provider.validateConfig(config), type) };
      }),

    ConfigureProvider: (req: ConfigRequest) =>
      answer(ctx, 'ConfigureProvider', async () => {
        const { type } = ctx.schemas().provider;
        const config = configObject(fromDynamicValue(req.config, type), type);
        const provider = await ctx.provider.get();
        return { diagnostics: toDiagnosticMsgs(await provider.configure(config), type) };
      }),

    ValidateResourceConfig: (req: TypedRequest & ConfigRequest & CapabilitiesRequest) =>
      answer(ctx, 'ValidateResourceConfig', async () => {
        const { handler, schema } = await resourceOf(ctx, req.type_name);
        const config = configObject(fromDynamicValue(req.config, schema.type), schema.type);
        // A Terraform before 1.11 sends no capabilities: it would store a write-only value like any other.
        const client = { writeOnlyAttributesAllowed: req.client_capabilities?.write_only_attributes_allowed === true };
        return { diagnostics: toDiagnosticMsgs(handler.validate(config, client), schema.type) };
      }),

    ValidateDataResourceConfig: (req: TypedRequest & ConfigRequest) =>
      answer(ctx, 'ValidateDataResourceConfig', async () => {
        const { handler, schema } = await dataSourceOf(ctx, req.type_name);
        const config = configObject(fromDynamicValue(req.config, schema.type), schema.type);
        return { diagnostics: toDiagnosticMsgs(handler.validate(config), schema.type) };
      }),

    MoveResourceState: (req: MoveResourceStateRequest) =>
      answer(ctx, 'MoveResourceState', async () =>
        fail(
          'Unsupported move',
          `The dsiprouter provider cannot move ${req.source_type_name} (${req.source_provider_address}) to ${req.target_type_name}: ` +
            'moving state between resource types is not supported. Remove the moved block, then import the object under its new address.',
        ),
      ),

    GetFunctions: () => answer(ctx, 'GetFunctions', async () => ({ functions: {}, diagnostics: [] })),

    CallFunction: (req: { name: string }) =>
      answer(ctx, 'CallFunction', async () => ({
        error: { text: `The dsiprouter provider has no function ${JSON.stringify(req.name)}.` },
      })),

    /** Ctrl-C in Terraform. The handler contract has no cancellation, so there is nothing to stop. */
    StopProvider: () =>
      answer(
        ctx,
        'StopProvider',
        async () => ({ Error: '' }),
        (d) => ({ Error: d.summary }),
      ),
  };
}
