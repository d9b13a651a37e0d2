import { readFileSync } from 'node:fs';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { OUT_FILE, PROTO_DIR, PROTO_FILES, protocolDescriptor, protocolSource } from '../../../scripts/generate-protocol.mjs';
import { loadServiceDefinitions, type ServiceDefinitions } from '../../../src/terraform/host/protos.js';

// The provider builds its gRPC services from the descriptor the build generates from the .proto
// files (scripts/generate-protocol.mjs), with protobufjs's light build. Terraform's side of the wire
// is the .proto files themselves: here @grpc/proto-loader parses them (with the options the host used
// before, and the same conversion options) as an independent reading, and every method of every
// service must give the same bytes and the same objects as the host's definitions.

const FULL_NAMES: Record<keyof ServiceDefinitions, string> = {
  provider: 'tfplugin6.Provider',
  controller: 'plugin.GRPCController',
  stdio: 'plugin.GRPCStdio',
  broker: 'plugin.GRPCBroker',
  health: 'grpc.health.v1.Health',
};

const reference = loadSync([...PROTO_FILES], {
  includeDirs: [PROTO_DIR],
  keepCase: true,
  longs: Number,
  enums: Number,
  defaults: true,
  oneofs: true,
});

/** The .proto files parsed by protobufjs, to walk each message type's fields. */
const parsed = new protobuf.Root();
parsed.resolvePath = (_origin, target) => `${PROTO_DIR}/${target}`;
parsed.loadSync([...PROTO_FILES], { keepCase: true }).resolveAll();

/** A message of `type` with every field set (nested messages to `depth`, each oneof's first member, maps of one entry). */
function sample(type: protobuf.Type, depth = 3): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const skipped = new Set(type.oneofsArray.flatMap((o) => o.fieldsArray.slice(1).map((f) => f.name)));
  for (const field of type.fieldsArray) {
    if (skipped.has(field.name)) continue;
    const value = scalar(field, depth);
    if (value === undefined) continue;
    if (field.map) out[field.name] = { key1: value };
    else out[field.name] = field.repeated ? [value, value] : value;
  }
  return out;
}

function scalar(field: protobuf.Field, depth: number): unknown {
  field.resolve();
  if (field.resolvedType instanceof protobuf.Type) return depth > 0 ? sample(field.resolvedType, depth - 1) : undefined;
  if (field.resolvedType instanceof protobuf.Enum) return Math.max(...Object.values(field.resolvedType.values));
  switch (field.type) {
    case 'string':
      return `${field.name}-text`;
    case 'bytes':
      return Buffer.from(`${field.name}-bytes`);
    case 'bool':
      return true;
    case 'double':
    case 'float':
      return 1.5;
    default:
      return 42; // every integer type
  }
}

const ours = loadServiceDefinitions();

describe('the provider protocol descriptor (build output)', () => {
  it('is what the generator makes of the .proto files now (not stale)', () => {
    expect(readFileSync(OUT_FILE, 'utf8')).toBe(protocolSource(protocolDescriptor()));
  });

  it.each(Object.entries(FULL_NAMES))('%s (%s): the same methods, streams and paths as the .proto files', (key, fullName) => {
    const theirs = reference[fullName] as ServiceDefinition;
    const mine = ours[key as keyof ServiceDefinitions];
    expect(Object.keys(mine).sort()).toEqual(Object.keys(theirs).sort());
    for (const [name, def] of Object.entries(mine)) {
      const other = theirs[name]!;
      expect({ path: def.path, requestStream: def.requestStream, responseStream: def.responseStream }).toEqual({
        path: other.path,
        requestStream: other.requestStream,
        responseStream: other.responseStream,
      });
    }
  });

  it('every message of every method: the same bytes and the same objects as proto-loader, full and empty', () => {
    let checked = 0;
    for (const [key, fullName] of Object.entries(FULL_NAMES)) {
      const service = parsed.lookupService(fullName);
      const theirs = reference[fullName] as ServiceDefinition;
      for (const method of service.methodsArray) {
        const mine = ours[key as keyof ServiceDefinitions][method.name] as MethodDefinition<unknown, unknown>;
        const other = theirs[method.name] as MethodDefinition<unknown, unknown>;
        const sides = [
          [method.resolvedRequestType!, mine.requestSerialize, mine.requestDeserialize, other.requestSerialize, other.requestDeserialize],
          [
            method.resolvedResponseType!,
            mine.responseSerialize,
            mine.responseDeserialize,
            other.responseSerialize,
            other.responseDeserialize,
          ],
        ] as const;
        for (const [type, serialize, deserialize, theirSerialize, theirDeserialize] of sides) {
          for (const value of [sample(type), {}]) {
            const bytes = serialize(value);
            expect(Buffer.isBuffer(bytes), `${fullName}.${method.name} ${type.name}`).toBe(true);
            expect(bytes.equals(theirSerialize(value)), `${fullName}.${method.name} ${type.name}: bytes`).toBe(true);
            expect(deserialize(bytes), `${fullName}.${method.name} ${type.name}: object`).toEqual(theirDeserialize(bytes));
          }
          checked++;
        }
      }
    }
    // Some 20 methods, each with a request and a response.
    expect(checked).toBeGreaterThanOrEqual(40);
  });
});
