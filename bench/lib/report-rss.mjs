// Preloaded with `node --import` into a process under measurement: when it exits, appends its peak
// RSS (KiB, from process.resourceUsage().maxRSS) as one JSON line to the file in BENCH_RSS_FILE.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', (code) => {
    appendFileSync(file, `${JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS, code })}\n`);
  });
}
