// Timing child processes: from spawn to exit, or to the first line printed.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, msSince, round } from './stats.mjs';

const CPU_PRELOAD = fileURLToPath(new URL('report-cpu.cjs', import.meta.url));

/**
 * Runs a command to completion; resolves to its wall time in ms (spawn to exit), exit code and
 * output. Rejects only when it cannot be started. `okCodes` lists the codes that mean success;
 * any other throws with the output, so a benchmark never times a failure.
 */
export function timeToExit(command, args, { env, cwd, okCodes = [0], stdin = 'ignore' } = {}) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { env: env ?? process.env, cwd, stdio: [stdin, 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = msSince(start);
      if (!okCodes.includes(code)) {
        reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`));
      } else resolve({ ms, code, stdout, stderr });
    });
  });
}

/** Milliseconds from spawn until `node args` prints its first line, then stops it (SIGTERM). */
export function timeToFirstLine(args, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ms;
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      if (ms === undefined && out.includes('\n')) {
        ms = msSince(start);
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code, signal) => {
      if (ms === undefined) reject(new Error(`exited (${code ?? signal}) before its first line: ${err}`));
      else resolve({ ms, line: out.split('\n')[0] });
    });
  });
}

/**
 * CPU time beside wall time: on a shared machine wall time moves by ±30% from round to round, CPU
 * time by a few percent. `timed(name, args, opts)` runs `node args` to its exit (as `timeToExit`)
 * with a preload that reports the process's CPU time (report-cpu.cjs, a file per run under `dir`),
 * keeps it under `name`, and resolves to what `timeToExit` resolves to; `medians()` gives each
 * name's median CPU time in ms.
 */
export function cpuCounter(dir) {
  const samples = {};
  let n = 0;
  return {
    async timed(name, args, opts = {}) {
      const file = join(dir, `cpu-${n++}.txt`);
      const r = await timeToExit(process.execPath, ['-r', CPU_PRELOAD, ...args], {
        ...opts,
        env: { ...(opts.env ?? process.env), BENCH_CPU_FILE: file },
      });
      (samples[name] ??= []).push(Number(readFileSync(file, 'utf8').trim()));
      rmSync(file);
      return r;
    },
    medians: () => Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, round(median(v), 1)])),
  };
}
