import type { Command } from 'commander';
import { addConnectionOptions } from './connection.js';
import type { PlatformFlags } from './platform.js';
import type { CliIo } from './io.js';

/**
 * Registers every verb with its one-line description. Each action imports its module on demand,
 * so `--help` and `--version` load nothing heavy.
 */
export function registerCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command('emulator')
    .description('run the built-in emulator of the platform API')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '5000')
    .option('--token <token>', 'API token to require (env DSIP_TOKEN; default: a generated one, printed on stderr)')
    .option('--data <file>', 'load state from FILE and save it there after every change')
    .option('--tls', 'serve HTTPS with a freshly generated self-signed certificate')
    .option('--tls-cert <file>', 'serve HTTPS with this PEM certificate (with --tls-key)')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
    .option('--empty', 'start without the fresh-install default outbound route')
    .action(async (opts) => {
      const { runEmulator } = await import('./emulator.js');
      setExit(await runEmulator(opts, io));
    });

  addConnectionOptions(
    program
      .command('stats')
      .description('print the proxy transaction counters')
      .option('--format <format>', 'table or json', 'table'),
  ).action(async (opts: PlatformFlags & { format: string }) => {
    const { runStats } = await import('./stats.js');
    setExit(await runStats(opts, io));
  });
}
