import { Console } from 'node:console';

/** One log line to stderr, which Terraform shows in its own log (TF_LOG). */
export function log(line: string): void {
  process.stderr.write(`terraform-provider-dsiprouter: ${line}\n`);
}

/**
 * Sends every console method to stderr: stdout belongs to the go-plugin handshake, and a stray
 * `console.log` from a dependency would break it. Call before importing anything else.
 */
export function consoleToStderr(): void {
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  for (const name of Object.keys(toStderr) as (keyof Console)[]) {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- Node's Console binds its methods to the instance
    const method = toStderr[name];
    if (typeof method === 'function') (console as unknown as Record<string, unknown>)[name] = method;
  }
}

/** After the one handshake line: anything written to stdout goes to stderr instead. */
export function guardStdout(): void {
  process.stdout.write = process.stderr.write.bind<typeof process.stdout.write>(process.stderr);
}
