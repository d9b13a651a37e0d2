// The floor of a plan: the same list requests a plan makes, with a bare undici `request` and
// `JSON.parse`, nothing else. `listFloor` runs in-process; `node bench/lib/floor.mjs URL` runs it
// once in a fresh process (the floor of a whole CLI run, node's start-up included);
// `node bench/lib/floor.mjs URL groups` also fetches the carrier and endpoint group lists, which a
// plan reads when its files refer to gateways or groups (every benchmark file does).
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { TOKEN } from './emulator.mjs';

const PATHS = ['/api/v1/inboundmapping', '/api/v1/outboundroutes'];
const GROUP_PATHS = ['/api/v1/carriergroups', '/api/v1/endpointgroups'];
const HEADERS = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };

/** Both lists at once (as a plan reads them), and with `groups` the two group lists, parsed; resolves to the record counts. */
export async function listFloor(url, dispatcher, groups = false) {
  const lists = await Promise.all(
    (groups ? [...PATHS, ...GROUP_PATHS] : PATHS).map(async (path) => {
      const res = await request(`${url}${path}`, { headers: HEADERS, ...(dispatcher ? { dispatcher } : {}) });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
      return JSON.parse(await res.body.text()).data;
    }),
  );
  return lists.map((l) => l.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const counts = await listFloor(process.argv[2], undefined, process.argv[3] === 'groups');
  console.log(counts.join(' '));
  process.exit(0);
}
