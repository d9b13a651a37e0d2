import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { CLI } from './cli.js';

const shellQuote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Runs the CLI on a real pseudo-terminal (util-linux `script`), typing `keys` once `ready` shows
 * in its output. Resolves to everything the terminal showed and the CLI's exit code.
 */
export async function onTerminal(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  ready: RegExp,
  keys: string,
): Promise<{ screen: string; code: number | null }> {
  const command = [process.execPath, CLI, ...args].map(shellQuote).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { PATH: process.env.PATH, TERM: 'dumb', NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let typed = false;
  child.stdout.on('data', (d: Buffer) => {
    screen += d.toString();
    if (!typed && ready.test(screen)) {
      typed = true;
      child.stdin.write(keys);
    }
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { screen: screen.replace(/\r/g, ''), code };
}
