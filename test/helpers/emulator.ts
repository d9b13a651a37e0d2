import { afterEach } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';

/** A running emulator on a free port and a real client talking to it. */
export interface EmulatorFixture {
  readonly emu: RunningEmulator;
  readonly client: PlatformClient;
}

const open: EmulatorFixture[] = [];

/**
 * Starts a fresh emulator on 127.0.0.1:0 with a client over real HTTP. Everything started in a
 * test is closed after it, so every test begins from a fresh install.
 */
/**
 * The API profile the platform-facing suites run against: `DSIPFORM_TEST_PROFILE=current` runs them
 * against the deployed platform's API (npm test runs those suites under both).
 */
export const TEST_PROFILE: 'spec' | 'current' = process.env.DSIPFORM_TEST_PROFILE === 'current' ? 'current' : 'spec';

export async function emulatorFixture(options: EmulatorOptions = {}): Promise<EmulatorFixture> {
  const emu = await startEmulator({ port: 0, token: 'conformance-token-0123456789', profile: TEST_PROFILE, ...options });
  const client = new PlatformClient({ url: emu.url, token: emu.token, ...(emu.caPem ? { ca: emu.caPem } : {}) });
  const fixture = { emu, client };
  open.push(fixture);
  return fixture;
}

afterEach(async () => {
  for (const f of open.splice(0)) {
    await f.client.close();
    await f.emu.close();
  }
});

/** A manual clock for lease expiry: starts at a fixed instant and moves only when told. */
export function manualClock(start = Date.UTC(2026, 0, 1)): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}
