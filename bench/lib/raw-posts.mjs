// The floor of a whole-CLI apply: a plain node script that POSTs the same N mappings with P workers
// through one undici pool and exits. Run in a fresh process (`node bench/lib/raw-posts.mjs URL N P`),
// its time from spawn to exit holds node's start-up and a cold JIT, as every CLI run does; the
// in-process `rawPosts` of apply-throughput.mjs runs warm after its first run.
import { fileURLToPath } from 'node:url';
import { rawPosts } from '../apply-throughput.mjs';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, n, p] = process.argv.slice(2);
  await rawPosts(url, Number(n), Number(p));
  process.exit(0);
}
