import { readFileSync } from 'node:fs';
import type { PlatformClient } from '../api/client.js';
import type { ConnectionOptions } from '../api/connection.js';
import { DsipformError } from '../model/errors.js';
import type { ProviderContext } from './context.js';
import { dataSources } from './resources/data-sources.js';
import { endpointLeaseResource } from './resources/endpoint-lease.js';
import { inboundMappingResource } from './resources/inbound-mapping.js';
import { outboundRouteResource } from './resources/outbound-route.js';
import { isUnknown, type Diagnostic, type ProviderHandler, type TfObject } from './types.js';
import { attrError, knownNumber, knownString } from './values.js';

function connectionFrom(config: TfObject, env: NodeJS.ProcessEnv): ConnectionOptions | Diagnostic {
  const url = knownString(config, 'url') ?? env.DSIP_URL;
  if (!url) return attrError(['url'], 'No platform URL', 'Set url in the provider block, or the DSIP_URL environment variable, e.g. https://sip.example.com:5000.');
  if (!/^https?:\/\/./.test(url)) return attrError(['url'], 'Invalid platform URL', `"${url}" must start with http:// or https://.`);
  const token = knownString(config, 'token') ?? env.DSIP_TOKEN;
  if (!token) return attrError(['token'], 'No API token', 'Set token in the provider block (from a sensitive variable), or the DSIP_TOKEN environment variable.');
  const caFile = knownString(config, 'ca_file') ?? env.DSIP_CA;
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch {
      return attrError(['ca_file'], 'Unreadable CA file', `Cannot read ${caFile}.`);
    }
  }
  const insecure = config.insecure === true || (config.insecure == null && (env.DSIP_INSECURE === '1' || env.DSIP_INSECURE === 'true'));
  const profile = knownString(config, 'api_profile') ?? (env.DSIP_API_PROFILE || 'auto');
  if (profile !== 'auto' && profile !== 'spec' && profile !== 'current') {
    return attrError(['api_profile'], 'Invalid api_profile', `"${profile}" is not one of spec, current, auto.`);
  }
  return { url, token, insecure, profile, timeoutMs: knownNumber(config, 'timeout_ms') ?? 30_000, ...(ca ? { ca } : {}) };
}

/**
 * The dsiprouter provider: resources and data sources over the platform client. The client is
 * created (and undici loaded) only at ConfigureProvider, keeping Terraform's many provider starts
 * cheap. At shutdown, one proxy reload if this process wrote anything and `reload` is not false.
 */
export async function createProvider(env: NodeJS.ProcessEnv = process.env, now: () => number = Date.now): Promise<ProviderHandler> {
  let client: PlatformClient | undefined;
  let reload = true;
  let writes = 0;
  const ctx: ProviderContext = {
    client() {
      if (!client) throw new DsipformError('TF_NOT_CONFIGURED', 'the provider was used before it was configured', 'This is a bug in the provider or Terraform; please report it.');
      return client;
    },
    wrote: () => void (writes += 1),
    now,
  };
  return {
    validateConfig(config) {
      if (config.url === undefined || isUnknown(config.url) || config.url === null) return [];
      const url = knownString(config, 'url')!;
      return /^https?:\/\/./.test(url) ? [] : [attrError(['url'], 'Invalid platform URL', `"${url}" must start with http:// or https://.`)];
    },
    async configure(config) {
      const conn = connectionFrom(config, env);
      if ('severity' in conn) return [conn];
      reload = config.reload !== false;
      const { PlatformClient } = await import('../api/client.js');
      // In reattach (debug) mode one process is configured again for every command.
      await client?.close();
      client = new PlatformClient(conn);
      return [];
    },
    resources: {
      dsiprouter_inbound_mapping: inboundMappingResource(ctx),
      dsiprouter_outbound_route: outboundRouteResource(ctx),
      dsiprouter_endpoint_lease: endpointLeaseResource(ctx),
    },
    dataSources: dataSources(ctx),
    async shutdown() {
      if (!client) return;
      try {
        if (writes > 0 && reload) await client.reloadProxy();
      } catch (err) {
        process.stderr.write(`dsiprouter provider: proxy reload failed: ${(err as Error).message}\n`);
      } finally {
        await client.close();
      }
    },
  };
}
