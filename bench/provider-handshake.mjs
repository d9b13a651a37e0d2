// How long terraform-provider-dsiprouter takes from spawn to its go-plugin handshake line, which
// Terraform waits for 3-5 times per command. Spawns the built provider (bin/ over dist/, so run
// `npm run build` first) the way Terraform does: magic cookie, protocol versions, a client
// certificate for AutoMTLS. `measureHandshake` is also used by bench/cold-start.mjs.
//
//   node bench/provider-handshake.mjs [runs=20] [--json]
import { fileURLToPath } from 'node:url';
import { serverCertificate } from '../dist/terraform/host/certificate.js';
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from '../dist/terraform/host/handshake.js';
import { median } from './lib/stats.mjs';
import { timeToFirstLine } from './lib/spawn.mjs';

const LAUNCHER = fileURLToPath(new URL('../bin/terraform-provider-dsiprouter.js', import.meta.url));
const HANDSHAKE_LINE = /^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/;

/** The environment Terraform gives a provider it starts. */
export async function providerEnv() {
  const client = await serverCertificate();
  return { [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: '5,6', PLUGIN_CLIENT_CERT: client.cert };
}

/** One spawn of the provider until its handshake line; throws when the line is not a handshake. */
export async function handshakeOnce(env) {
  const { ms, line } = await timeToFirstLine([LAUNCHER], env);
  if (!HANDSHAKE_LINE.test(line)) throw new Error(`not a handshake line: ${line}`);
  return ms;
}

/** The floor: a node process that prints one line and does nothing else. */
export async function bareNodeFirstLine() {
  return (await timeToFirstLine(['-e', 'console.log(1); setInterval(() => {}, 1000)'], {})).ms;
}

/** `runs` handshakes, each followed by a bare-node run; medians, min and max in ms. */
export async function measureHandshake(runs) {
  const env = await providerEnv();
  const handshake = [];
  const baseline = [];
  for (let i = 0; i < runs; i += 1) {
    handshake.push(await handshakeOnce(env));
    baseline.push(await bareNodeFirstLine());
  }
  return {
    runs,
    node: process.version,
    handshakeMedianMs: Math.round(median(handshake)),
    handshakeMinMs: Math.round(Math.min(...handshake)),
    handshakeMaxMs: Math.round(Math.max(...handshake)),
    bareNodeMedianMs: Math.round(median(baseline)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20);
  const result = await measureHandshake(runs);
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(
      `provider handshake: median ${result.handshakeMedianMs} ms (min ${result.handshakeMinMs}, max ${result.handshakeMaxMs}) over ${runs} runs`,
    );
    console.log(`bare node to first line: median ${result.bareNodeMedianMs} ms`);
  }
}
