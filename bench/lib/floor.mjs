// The floor of a plan: the same list requests a plan makes, with a bare undici `request` and
// `JSON.parse`, nothing else. `listFloor` runs in-process; `node bench/lib/floor.mjs URL` runs it
// once in a fresh process (the floor of a whole CLI run, node's start-up included).
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { TOKEN } from './emulator.mjs';

const PATHS = ['/api/v1/inboundmapping', '/api/v1/outboundroutes'];
const HEADERS = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };

/** Both lists at once (as a plan reads them), parsed; resolves to the record counts. */
export async function listFloor(url, dispatcher) {
  const lists = await Promise.all(
    PATHS.map(async (path) => {
      const res = await request(`${url}${path}`, { headers: HEADERS, ...(dispatcher ? { dispatcher } : {}) });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
      return JSON.parse(await res.body.text()).data;
    }),
  );
  return lists.map((l) => l.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const counts = await listFloor(process.argv[2]);
  console.log(counts.join(' '));
  process.exit(0);
}
