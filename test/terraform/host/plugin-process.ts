import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The built launcher, and the host from dist/ serving the fake provider (`npm test` builds dist/ first). */
export const LAUNCHER = fileURLToPath(new URL('../../../bin/terraform-provider-dsiprouter.js', import.meta.url));
export const FAKE_PLUGIN = fileURLToPath(new URL('./fixtures/fake-plugin.mjs', import.meta.url));

/** A provider process that printed its first stdout line. */
export interface PluginProcess {
  readonly child: ChildProcess;
  readonly line: string;
  readonly output: { stdout: string; stderr: string };
  /** Resolves with the exit code (or signal name) once the process is gone. */
  readonly exited: Promise<number | string>;
}

/** Runs `node script ARGS` to completion with exactly `env` (plus PATH). */
export async function runPlugin(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Starts `node script ARGS` and waits for its first line on stdout (the handshake or reattach line). */
export async function startPlugin(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<PluginProcess> {
  const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output.stdout += d.toString();
      const end = output.stdout.indexOf('\n');
      if (end >= 0) resolve(output.stdout.slice(0, end));
    });
    void exited.then((code) => reject(new Error(`provider exited (${code}) before its first line: ${output.stderr}`)));
  });
  return { child, line, output, exited };
}
