// A Terraform provider that only handshakes and answers what `terraform plan` of one new
// `dsiprouter_inbound_mapping` asks: the floor of the Terraform row of bench/startup-ratios.mjs. It
// is served by the same gRPC plumbing as the real provider (dist/terraform/host/: the protocol
// descriptor, grpc-js, AutoMTLS, the go-plugin handshake), so the row's ratio is what the provider
// itself adds: its schemas, its RPC handling, its client, its module graph.
//
// Its schema has the attributes the row's configuration sets (provider: url, token; resource: did,
// servers, notes) and nothing computed; PlanResourceChange plans the proposed state as it is.
// Terraform starts it like any plugin (dev_overrides point at a launcher that runs this file).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverCertificate } from '../../dist/terraform/host/certificate.js';
import { startGrpcServer } from '../../dist/terraform/host/grpc-server.js';
import { checkPluginEnvironment, handshakeLine } from '../../dist/terraform/host/handshake.js';
import { loadServiceDefinitions } from '../../dist/terraform/host/protos.js';

const type = (t) => Buffer.from(JSON.stringify(t));
const attribute = (name, t, how) => ({ name, type: type(t), ...how });
const schema = (attributes) => ({ version: 0, block: { version: 0, attributes, block_types: [] } });

const PROVIDER = schema([
  attribute('url', 'string', { optional: true }),
  attribute('token', 'string', { optional: true, sensitive: true }),
]);
const MAPPING = schema([
  attribute('did', 'string', { required: true }),
  attribute('servers', ['list', 'string'], { optional: true }),
  attribute('notes', 'string', { optional: true }),
]);
const CAPABILITIES = { plan_destroy: false, get_provider_schema_optional: false, move_resource_state: false };
const none = async () => ({ diagnostics: [] });

const RPCS = {
  GetMetadata: async () => ({
    server_capabilities: CAPABILITIES,
    diagnostics: [],
    resources: [{ type_name: 'dsiprouter_inbound_mapping' }],
    data_sources: [],
    functions: [],
  }),
  GetProviderSchema: async () => ({
    provider: PROVIDER,
    resource_schemas: { dsiprouter_inbound_mapping: MAPPING },
    data_source_schemas: {},
    functions: {},
    provider_meta: schema([]),
    server_capabilities: CAPABILITIES,
    diagnostics: [],
  }),
  GetResourceIdentitySchemas: async () => ({ identity_schemas: {}, diagnostics: [] }),
  ValidateProviderConfig: none,
  ValidateResourceConfig: none,
  ConfigureProvider: none,
  PlanResourceChange: async (req) => ({
    planned_state: req.proposed_new_state,
    requires_replace: [],
    planned_private: req.prior_private,
    diagnostics: [],
  }),
  StopProvider: async () => ({ Error: '' }),
};

const plugin = checkPluginEnvironment(process.env);
if (!plugin.ok) {
  process.stderr.write(plugin.message);
  process.exit(1);
}
const certificate = serverCertificate();
const defs = loadServiceDefinitions();
const dir = mkdtempSync(join(process.env.PLUGIN_UNIX_SOCKET_DIR || tmpdir(), 'tf-stub-'));
const socketPath = join(dir, 'plugin.sock');
const cert = await certificate;
let server;
const finish = async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
server = await startGrpcServer(defs, {
  socketPath,
  tls: { certPem: cert.cert, keyPem: cert.key, clientCertPem: plugin.clientCertPem },
  rpcs: RPCS,
  onShutdown: async () => undefined,
  onShutdownReplied: () => void finish(),
});
process.on('SIGTERM', () => void finish());
process.on('SIGINT', () => undefined);
process.stdout.write(`${handshakeLine(socketPath, cert.der)}\n`);
