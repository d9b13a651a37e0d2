import type { ProviderHandler } from '../types.js';

/** What `src/terraform/provider.ts` exports. */
interface ProviderModule {
  createProvider(): Promise<ProviderHandler>;
}

/**
 * The dsiprouter provider, imported on first use from `../provider.js`, which keeps the provider
 * (and with it the API client and the model) off the start-up path until a call needs it. A literal
 * specifier, so that the build's bundler (scripts/bundle.mjs) puts it in a chunk of its own.
 */
export async function loadDefaultProvider(): Promise<ProviderHandler> {
  const module: ProviderModule = await import('../provider.js');
  return module.createProvider();
}
