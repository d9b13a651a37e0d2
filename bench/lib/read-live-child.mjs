// `node bench/lib/read-live-child.mjs URL`: reads the live inbound mappings and outbound routes
// through the client, as a plan does, and nothing else (no file, no diff); prints the counts.
import { PlatformClient } from '../../dist/api/client.js';
import { readLive } from '../../dist/apply/read-live.js';
import { TOKEN } from './emulator.mjs';

const client = new PlatformClient({ url: process.argv[2], token: TOKEN });
const live = await readLive(client, ['inbound_mappings', 'outbound_routes']);
await client.close();
console.log(live.inbound_mappings.length, live.outbound_routes.length);
