import { InternalError } from '../../model/errors.js';
import type { DataSourceHandler, Diagnostic, ResourceHandler, TfObject, TfValue } from '../types.js';
import { UNKNOWN } from '../types.js';
import type { CtyObjectType } from './cty-type.js';
import { internalErrorDiagnostic, toDiagnosticMsg } from './diagnostics.js';
import type { LazyProvider } from './lazy-provider.js';
import type { DiagnosticMsg } from './proto-types.js';
import type { ProviderSchemas, TypedSchema } from './provider-schemas.js';

/** What every RPC handler works with. */
export interface RpcContext {
  readonly provider: LazyProvider;
  /** The converted schema file; loaded on first call. */
  readonly schemas: () => ProviderSchemas;
  /** One line to the log (stderr). */
  readonly log: (line: string) => void;
}

/** An expected failure of a call, answered with this diagnostic instead of an internal error. */
class DiagnosticFailure extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.summary);
    this.name = 'DiagnosticFailure';
  }
}

/** A failure with only an error summary and detail. */
export function fail(summary: string, detail = ''): never {
  throw new DiagnosticFailure({ severity: 'error', summary, detail });
}

/**
 * Runs one RPC: a DiagnosticFailure becomes its diagnostic, anything else thrown an internal-error
 * diagnostic (logged with its stack), so a bug fails the call and never the process.
 */
export async function answer<R extends object>(
  ctx: RpcContext,
  rpc: string,
  run: () => Promise<R>,
  onFailure: (diagnostic: DiagnosticMsg) => R = (d) => ({ diagnostics: [d] }) as unknown as R,
): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof DiagnosticFailure) return onFailure(toDiagnosticMsg(err.diagnostic));
    ctx.log(`${rpc} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return onFailure(toDiagnosticMsg(internalErrorDiagnostic(err)));
  }
}

/** A managed resource type's handler and schema, or a failure naming the unknown type. */
export async function resourceOf(ctx: RpcContext, typeName: string): Promise<{ handler: ResourceHandler; schema: TypedSchema }> {
  const schema = ctx.schemas().resources.get(typeName);
  if (schema === undefined) fail(`Unknown resource type ${JSON.stringify(typeName)}`, 'The dsiprouter provider has no such resource type.');
  const handler = (await ctx.provider.get()).resources[typeName];
  if (handler === undefined) throw new InternalError(`resource type ${typeName} is in the schema but has no handler`);
  return { handler, schema };
}

/** A data source type's handler and schema, or a failure naming the unknown type. */
export async function dataSourceOf(ctx: RpcContext, typeName: string): Promise<{ handler: DataSourceHandler; schema: TypedSchema }> {
  const schema = ctx.schemas().dataSources.get(typeName);
  if (schema === undefined) fail(`Unknown data source ${JSON.stringify(typeName)}`, 'The dsiprouter provider has no such data source.');
  const handler = (await ctx.provider.get()).dataSources[typeName];
  if (handler === undefined) throw new InternalError(`data source ${typeName} is in the schema but has no handler`);
  return { handler, schema };
}

/** A decoded block value as an object, or null (absent: create, destroy). */
export function asObject(value: TfValue, what: string): TfObject | null {
  if (value === null) return null;
  if (value === UNKNOWN || typeof value !== 'object' || Array.isArray(value)) throw new InternalError(`${what} is not an object`);
  return value;
}

/** A configuration as an object: an absent one (no provider block) is every attribute null. */
export function configObject(value: TfValue, type: CtyObjectType): TfObject {
  return asObject(value, 'the configuration') ?? Object.fromEntries(Object.keys(type[1]).map((name) => [name, null]));
}
