// Preloaded with `node -r` into a process under measurement (CommonJS, so it starts no ES module
// loader the process would not start itself): when it exits, appends the CPU time it used (user +
// system, ms, from process.resourceUsage()) as one line to the file in BENCH_CPU_FILE.
'use strict';
const file = process.env.BENCH_CPU_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    require('node:fs').appendFileSync(file, `${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
  });
}
