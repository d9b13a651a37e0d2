import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { InternalError } from '../../model/errors.js';

/** The .proto files ship next to the host: `{src,dist}/terraform/proto/` (the build copies them). */
export const PROTO_DIR = fileURLToPath(new URL('../proto/', import.meta.url));

/** The gRPC services the provider process serves. */
export interface ServiceDefinitions {
  readonly provider: ServiceDefinition;
  readonly controller: ServiceDefinition;
  readonly stdio: ServiceDefinition;
  readonly broker: ServiceDefinition;
  readonly health: ServiceDefinition;
}

/**
 * Parses the .proto files. Messages arrive with the field names of the .proto (snake_case), int64
 * as number, enums as number, bytes as Buffer, absent message fields as null (see proto-types.ts).
 */
export function loadServiceDefinitions(dir: string = PROTO_DIR): ServiceDefinitions {
  if (!existsSync(`${dir}/tfplugin6.proto`)) {
    throw new InternalError(`the provider's protocol files are missing from ${dir}: the build must copy src/terraform/proto/ there`);
  }
  const defs = loadSync(['tfplugin6.proto', 'plugin.proto', 'health.proto'], {
    includeDirs: [dir],
    keepCase: true,
    longs: Number,
    enums: Number,
    defaults: true,
    oneofs: true,
  });
  const service = (name: string) => {
    const def = defs[name];
    // Message types carry a `format`; services do not.
    if (def === undefined || 'format' in def) throw new InternalError(`service ${name} is not in the protocol files`);
    return def as ServiceDefinition;
  };
  return {
    provider: service('tfplugin6.Provider'),
    controller: service('plugin.GRPCController'),
    stdio: service('plugin.GRPCStdio'),
    broker: service('plugin.GRPCBroker'),
    health: service('grpc.health.v1.Health'),
  };
}
