// Preloaded with `node --import` into a process under measurement: when it exits, appends its peak
// RSS (KiB, from process.resourceUsage().maxRSS) and the CPU time it used (user + system, ms) as one
// JSON line to the file in BENCH_RSS_FILE.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', (code) => {
    const usage = process.resourceUsage();
    const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
    appendFileSync(file, `${JSON.stringify({ maxRssKiB: usage.maxRSS, cpuMs, code })}\n`);
  });
}
