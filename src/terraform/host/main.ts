import type { ProviderHandler } from '../types.js';
import { loadDefaultProvider } from './default-provider.js';
import { NOT_BY_HAND_MESSAGE } from './handshake.js';
import { serve } from './serve.js';

const USAGE = `usage: terraform-provider-dsiprouter [--debug]

  --debug   serve until Ctrl-C and print TF_REATTACH_PROVIDERS for terraform to attach to
`;

/**
 * `terraform-provider-dsiprouter [--debug | --help]`: resolves with the exit code. Without
 * arguments this is the plugin that Terraform starts.
 */
export async function runProviderMain(
  args: readonly string[],
  factory: () => Promise<ProviderHandler> = loadDefaultProvider,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stderr.write(`${USAGE}\n${NOT_BY_HAND_MESSAGE}`);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--debug');
  if (unknown.length > 0) {
    process.stderr.write(`terraform-provider-dsiprouter: unknown argument ${JSON.stringify(unknown[0])}\n${USAGE}`);
    return 2;
  }
  return serve(factory, { debug: args.includes('--debug') });
}
