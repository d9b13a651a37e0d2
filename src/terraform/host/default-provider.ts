import type { ProviderHandler } from '../types.js';

/** What `src/terraform/provider.ts` exports. */
interface ProviderModule {
  createProvider(): Promise<ProviderHandler>;
}

// A variable specifier keeps TypeScript from resolving the module at compile time, and keeps the
// provider (and with it the API client and the model) off the start-up path until a call needs it.
const PROVIDER_MODULE = '../provider.js';

/** The dsiprouter provider, imported on first use from `../provider.js`. */
export async function loadDefaultProvider(): Promise<ProviderHandler> {
  const module = (await import(PROVIDER_MODULE)) as ProviderModule;
  return module.createProvider();
}
