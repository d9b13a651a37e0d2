import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { credentials, loadPackageDefinition, status, type Client, type ServiceClientConstructor } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCertificate } from '../../../src/terraform/host/certificate.js';
import type { SelfSignedCertificate } from '../../../src/tls/self-signed.js';
import {
  checkPluginEnvironment,
  handshakeLine,
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  NOT_BY_HAND_MESSAGE,
  reattachLine,
} from '../../../src/terraform/host/handshake.js';
import { PROTO_DIR } from '../../../scripts/generate-protocol.mjs';
import { FAKE_PLUGIN, LAUNCHER, runPlugin, startPlugin, type PluginProcess } from './plugin-process.js';

const COOKIE = { [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE };

describe('the plugin environment', () => {
  it.each([
    ['no cookie', {}, false],
    ['a wrong cookie', { [MAGIC_COOKIE_KEY]: 'x' }, false],
    ['protocol 6 not offered', { ...COOKIE, PLUGIN_PROTOCOL_VERSIONS: '4,5' }, false],
    ['protocols 5 and 6', { ...COOKIE, PLUGIN_PROTOCOL_VERSIONS: '5,6' }, true],
    ['no protocol list', COOKIE, true],
  ])('%s', (_name, env, ok) => {
    expect(checkPluginEnvironment(env).ok).toBe(ok);
  });

  it('takes the client certificate, without which it serves plaintext as go-plugin does', () => {
    expect(checkPluginEnvironment({ ...COOKIE, PLUGIN_CLIENT_CERT: 'PEM' })).toEqual({ ok: true, clientCertPem: 'PEM' });
    expect(checkPluginEnvironment(COOKIE)).toEqual({ ok: true, clientCertPem: undefined });
  });
});

describe('the handshake line', () => {
  it('carries the certificate in base64 without padding', () => {
    expect(handshakeLine('/run/plugin-p/plugin.sock', Uint8Array.from([1, 2, 3, 4]))).toBe(
      '1|6|unix|/run/plugin-p/plugin.sock|grpc|AQIDBA',
    );
  });

  it('has an empty certificate field when plaintext', () => {
    expect(handshakeLine('/s', undefined)).toBe('1|6|unix|/s|grpc|');
  });

  it('reattach line is the JSON Terraform reads from TF_REATTACH_PROVIDERS, single-quoted for the shell', () => {
    const line = reattachLine('registry.terraform.io/dsipform/dsiprouter', 42, '/run/plugin-a/plugin.sock');
    const m = /^TF_REATTACH_PROVIDERS='(.*)'$/.exec(line);
    expect(JSON.parse(m![1]!)).toEqual({
      'registry.terraform.io/dsipform/dsiprouter': {
        Protocol: 'grpc',
        ProtocolVersion: 6,
        Pid: 42,
        Test: true,
        Addr: { Network: 'unix', String: '/run/plugin-a/plugin.sock' },
      },
    });
  });
});

describe('the launcher run by hand', () => {
  it('refuses without the magic cookie, says what it is, and prints nothing on stdout', async () => {
    const res = await runPlugin(LAUNCHER, [], {});
    expect(res).toMatchObject({ code: 1, stdout: '' });
    expect(res.stderr).toBe(NOT_BY_HAND_MESSAGE);
    expect(res.stderr).toContain('plugin for Terraform');
  });

  it('refuses a Terraform that does not speak protocol 6', async () => {
    const res = await runPlugin(LAUNCHER, [], { ...COOKIE, PLUGIN_PROTOCOL_VERSIONS: '4,5' });
    expect(res).toMatchObject({ code: 1, stdout: '' });
    expect(res.stderr).toContain('speaks plugin protocol 6; this Terraform offers 4, 5');
  });

  it('rejects unknown arguments', async () => {
    const res = await runPlugin(LAUNCHER, ['--serve'], {});
    expect(res).toMatchObject({ code: 2, stdout: '' });
    expect(res.stderr).toContain('unknown argument "--serve"');
  });
});

describe('a provider process over AutoMTLS', () => {
  let client: SelfSignedCertificate;
  let plugin: PluginProcess;
  let events: string;
  let socket: string;
  let serverCertPem: string;
  const defs = loadPackageDefinition(
    loadSync(['tfplugin6.proto', 'plugin.proto', 'health.proto'], {
      includeDirs: [PROTO_DIR],
      keepCase: true,
      longs: Number,
      enums: Number,
      defaults: true,
    }),
  ) as unknown as {
    tfplugin6: { Provider: ServiceClientConstructor };
    plugin: { GRPCController: ServiceClientConstructor };
    grpc: { health: { v1: { Health: ServiceClientConstructor } } };
  };
  /** A client of the plugin presenting `as` (default: the certificate announced in PLUGIN_CLIENT_CERT), or none. */
  const connect = (Service: ServiceClientConstructor, as: SelfSignedCertificate | null = client) =>
    new Service(
      `unix:${socket}`,
      as
        ? credentials.createSsl(Buffer.from(serverCertPem), Buffer.from(as.key), Buffer.from(as.cert))
        : credentials.createSsl(Buffer.from(serverCertPem)),
      { 'grpc.ssl_target_name_override': 'localhost' },
    );
  const call = <T>(c: Client, method: string, req: object = {}) =>
    new Promise<T>((resolve, reject) =>
      (c as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!.call(c, req, (err: Error | null, res: T) =>
        err ? reject(err) : resolve(res),
      ),
    );

  beforeAll(async () => {
    client = await serverCertificate();
    events = join(mkdtempSync(join(tmpdir(), 'dsipform-host-')), 'events.log');
    plugin = await startPlugin(FAKE_PLUGIN, [], {
      ...COOKIE,
      PLUGIN_PROTOCOL_VERSIONS: '5,6',
      PLUGIN_CLIENT_CERT: client.cert,
      FAKE_DSIP_EVENTS: events,
    });
    const m = /^1\|6\|unix\|([^|]+)\|grpc\|([A-Za-z0-9+/]+)$/.exec(plugin.line);
    expect(m, plugin.line).not.toBeNull();
    socket = m![1]!;
    serverCertPem = new X509Certificate(Buffer.from(m![2]!, 'base64')).toString();
  });
  afterAll(() => {
    plugin?.child.kill('SIGKILL');
    rmSync(dirname(events), { recursive: true, force: true });
  });

  it('serves a fresh certificate for localhost', () => {
    const cert = new X509Certificate(serverCertPem);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.fingerprint256).not.toBe(new X509Certificate(client.cert).fingerprint256);
  });

  it('answers the health check with SERVING', async () => {
    const health = connect(defs.grpc.health.v1.Health);
    expect(await call(health, 'Check', { service: 'plugin' })).toEqual({ status: 1 });
    health.close();
  });

  it('refuses a client without the certificate Terraform announced', async () => {
    const health = connect(defs.grpc.health.v1.Health, null);
    // The TLS 1.3 alert the server sends when no client certificate comes (OpenSSL's alert 116).
    await expect(call(health, 'Check', { service: 'plugin' })).rejects.toMatchObject({
      code: status.UNAVAILABLE,
      details: expect.stringMatching(/certificate required/),
    });
    health.close();
  });

  it('refuses a client presenting another certificate than the one Terraform announced', async () => {
    const health = connect(defs.grpc.health.v1.Health, await serverCertificate());
    // The server ends the handshake (its certificate check fails): no connection, not an answer.
    await expect(call(health, 'Check', { service: 'plugin' })).rejects.toMatchObject({
      code: status.UNAVAILABLE,
      details: expect.stringMatching(/^No connection established/),
    });
    health.close();
  });

  it('serves the schema and the provider', async () => {
    const provider = connect(defs.tfplugin6.Provider);
    const schema = await call<{ resource_schemas: Record<string, unknown> }>(provider, 'GetProviderSchema');
    expect(Object.keys(schema.resource_schemas)).toContain('dsiprouter_inbound_mapping');
    const validated = await call<{ diagnostics: { summary: string }[] }>(provider, 'ValidateProviderConfig', {
      config: { msgpack: Buffer.from('81a375726ca3626164', 'hex') },
    });
    expect(validated.diagnostics.map((d) => d.summary)).toEqual(['Invalid URL']);
    provider.close();
  });

  it('on Shutdown stops the provider, exits 0 promptly, removes its socket, and printed one line only', async () => {
    const controller = connect(defs.plugin.GRPCController);
    const started = Date.now();
    await call(controller, 'Shutdown');
    expect(await plugin.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(readFileSync(events, 'utf8')).toBe('shutdown\n');
    expect(existsSync(dirname(socket))).toBe(false);
    expect(plugin.output.stdout).toBe(`${plugin.line}\n`);
    controller.close();
  });
});

describe('an orphaned provider process', () => {
  it('exits by itself and removes its socket when Terraform dies without Shutdown', { timeout: 15_000 }, async () => {
    // A stand-in for Terraform: starts the plugin, waits for the handshake, prints what it saw, and dies.
    const parent = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, [${JSON.stringify(FAKE_PLUGIN)}], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.once('data', (d) => { process.stdout.write(child.pid + ' ' + d); process.exit(0); });`;
    const res = await runPlugin('-e', [parent], { ...COOKIE });
    const [pid, line] = res.stdout.split(' ');
    const socket = /^1\|6\|unix\|([^|]+)\|grpc\|$/m.exec(line!)?.[1];
    expect(socket, res.stdout).toBeDefined();
    const alive = () => {
      try {
        process.kill(Number(pid), 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; alive() && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toBe(false);
    expect(existsSync(dirname(socket!))).toBe(false);
  });
});
