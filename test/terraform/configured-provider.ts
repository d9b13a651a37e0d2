import { afterAll } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { createProvider } from '../../src/terraform/provider.js';
import type { ProviderHandler } from '../../src/terraform/types.js';
import { TEST_PROFILE } from '../helpers/emulator.js';

/** The provider attributes, all unset. */
export const PROVIDER_CONFIG = { url: null, token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null, api_profile: null };

/**
 * A provider configured against a fresh emulator (a platform as installed: carrier groups 1-10 with
 * their gateways), closed after the file's tests. Every plan reads the platform (its check, the
 * references), so even tests of the plan's own logic need one.
 */
export async function providerOnEmulator(now?: () => number): Promise<ProviderHandler> {
  const emu = await startEmulator({ port: 0, token: 'tf-plan-token-0123456789', profile: TEST_PROFILE });
  const provider = await createProvider({}, now);
  const diags = await provider.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token });
  if (diags.length > 0) throw new Error(`configure failed: ${JSON.stringify(diags)}`);
  afterAll(async () => {
    await provider.shutdown();
    await emu.close();
  });
  return provider;
}
