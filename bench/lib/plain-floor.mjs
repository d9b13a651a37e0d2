// The floor issue 33 names for a whole-CLI plan: a plain node script that fetches the lists the plan
// needs and parses them, nothing else. Node's own `fetch` (no package to load, no emulator helper,
// no child_process), the token from DSIP_TOKEN as the CLI takes it, the lists fetched at once as a
// plan reads them.
//
//   DSIP_TOKEN=... node bench/lib/plain-floor.mjs URL [groups]
//
// `groups` adds the carrier and endpoint group lists, which a plan reads when its files refer to
// groups (the users' file does: bench/lib/user-fixtures.mjs). bench/lib/floor.mjs, with undici's
// `request`, stays the in-process floor of bench/plan-at-scale.mjs.
const LISTS = ['/api/v1/inboundmapping', '/api/v1/outboundroutes'];
const GROUP_LISTS = ['/api/v1/carriergroups', '/api/v1/endpointgroups'];

const [url, groups] = process.argv.slice(2);
const headers = { authorization: `Bearer ${process.env.DSIP_TOKEN}`, accept: 'application/json' };

/** One list, parsed: resolves to its records. */
async function fetchList(path) {
  const res = await fetch(`${url}${path}`, { headers });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()).data;
}

const lists = await Promise.all((groups === 'groups' ? [...LISTS, ...GROUP_LISTS] : LISTS).map(fetchList));
console.log(lists.map((l) => l.length).join(' '));
