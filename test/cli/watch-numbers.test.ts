// `dsipform watch` with numbers and endpoint groups (issues 34 and 35): drift of both kinds is seen
// (the drift gauge and a webhook event naming the kind), a managed mapping the Numbers module emptied
// raises its own event (MAPPING_EMPTIED_BY_NUMBERS) and gauge, and the endpoint group's registration
// password never reaches a webhook body, a metric or the log. A `current` emulator process, the watch
// process, and a webhook receiver on loopback; the platform changed behind the files by the client.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { runCli, type EmulatorProcess } from '../helpers/cli.js';
import { closeWatchBed, openWatchBed, sampleOf, startWatch, until, type Receiver, type WatchProcess } from './watch-helpers.js';

const TOKEN = 'watch-numbers-token-0123456789';
const PASSWORD = 'Acme-Registration-Pw-93c1';
const CHANGED_PASSWORD = 'Changed-By-Hand-Pw-5e77';

const FILES = `version: 1
endpoint_groups:
  - name: Acme PBX
    call_limit: 30
    endpoints:
      - name: acme-main
        hostname: 203.0.113.10
    auth:
      type: userpwd
      auth_username: acme
      auth_password: \${ACME_PBX_PASSWORD}
      auth_domain: pbx.acme.example
inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
numbers:
  - did: "15557770001"
    status: assigned
    carrier: Telnyx
policy:
  ignore:
    endpoint_groups: ["*"]
    inbound_mappings: ["*"]
    numbers: ["15551230001"]
`;

let dir: string;
let emu: EmulatorProcess;
let client: PlatformClient;
let receiver: Receiver;
let watch: WatchProcess | undefined;

beforeEach(async () => {
  ({ dir, emu, client, receiver } = await openWatchBed('dsipform-watch-numbers-', TOKEN, 'current'));
});

afterEach(async () => {
  await closeWatchBed({ dir, emu, client, receiver }, watch);
  watch = undefined;
});

function env(): NodeJS.ProcessEnv {
  return {
    DSIP_URL: emu.url,
    DSIP_TOKEN: TOKEN,
    DSIP_API_PROFILE: 'current',
    DSIPFORM_WEBHOOK_BACKOFF_MS: '50',
    ACME_PBX_PASSWORD: PASSWORD,
  };
}

/** The drift gauge of one kind and action at the last run. */
async function drift(kind: string, action: string): Promise<number | undefined> {
  return sampleOf(await watch!.scrape(), 'dsipform_drift_changes', { target: emu.url, kind, action });
}

describe('dsipform watch with numbers and endpoint groups', () => {
  it('sees drift of both kinds and a mapping the Numbers module emptied; the registration password is never posted, scraped or logged', async () => {
    const path = join(dir, 'platform.yaml');
    writeFileSync(path, FILES);
    const applied = await runCli(['apply', path, '--auto-approve'], env());
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    watch = await startWatch([path, '--interval', '1s', '--webhook', receiver.url], env());
    await until('a finished first run', async () => (await watch!.health()).status === 200);
    expect(await drift('endpoint_group', 'update')).toBeUndefined();

    // By hand: the group's call limit and registration password, the number's carrier, and a
    // number written available for the mapping's DID (which empties the mapping).
    const group = (await client.listEndpointGroups()).find((g) => g.name === 'Acme PBX')!;
    const held = (await client.getEndpointGroup(group.gwgroupid))!;
    const auth = { ...held.auth!, auth_password: CHANGED_PASSWORD };
    await client.updateEndpointGroup(group.gwgroupid, { ...held, call_limit: 5, auth }, held.gwids);
    const number = (await client.listNumbers()).find((n) => n.did === '15557770001')!;
    await client.updateNumber(number.id, { carrier: 'Bandwidth' });
    await client.createNumber({ did: '15551230001', status: 'available' });

    await until('the drift gauge of both kinds', async () =>
      (await drift('endpoint_group', 'update')) === 1 && (await drift('did_number', 'update')) === 1 ? true : undefined,
    );
    const groupEvent = await until('an endpoint-group drift event', async () =>
      receiver.bodies.find((b) => b.event === 'drift' && b.kind === 'endpoint_group'),
    );
    expect(groupEvent).toMatchObject({ target: emu.url, action: 'update', key: 'Acme PBX' });
    expect(groupEvent.fields).toEqual(expect.arrayContaining(['call_limit', 'auth']));
    const numberEvent = await until('a number drift event', async () =>
      receiver.bodies.find((b) => b.event === 'drift' && b.kind === 'did_number'),
    );
    expect(numberEvent).toMatchObject({ action: 'update', key: '15557770001', fields: ['carrier'] });

    const emptied = await until('the emptied-mapping event', async () => receiver.bodies.find((b) => b.event === 'mapping_emptied'));
    expect(emptied).toMatchObject({
      target: emu.url,
      code: 'MAPPING_EMPTIED_BY_NUMBERS',
      key: '15551230001',
      number: '15551230001',
      repair_holds: true,
    });
    expect(emptied.text).toContain('inbound mapping "15551230001" was emptied by the Numbers module (number "15551230001" is available)');
    expect(sampleOf(await watch.scrape(), 'dsipform_mappings_emptied_by_numbers', { target: emu.url })).toBe(1);
    // Said once, not at every run.
    const runs = sampleOf(await watch.scrape(), 'dsipform_last_run_timestamp_seconds', { target: emu.url })!;
    await until(
      'two more runs',
      async () => (sampleOf(await watch!.scrape(), 'dsipform_last_run_timestamp_seconds', { target: emu.url }) ?? 0) >= runs + 2,
    );
    expect(receiver.bodies.filter((b) => b.event === 'mapping_emptied')).toHaveLength(1);

    const scrape = await (await fetch(`${watch.url}/metrics`)).text();
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
    for (const text of [JSON.stringify(receiver.bodies), scrape, watch.output.stdout, watch.output.stderr]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(CHANGED_PASSWORD);
      expect(text).not.toContain(TOKEN);
    }
  }, 60_000);
});
