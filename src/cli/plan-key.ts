import { checkedPlanKey } from '../pipeline/saved.js';
import type { CliIo } from './io.js';
import { readSecretFile } from './secret-file.js';

/** The flag that names the key file. */
export interface PlanKeyFlags {
  signKeyFile?: string;
}

/** The variable that holds the key itself, for CI systems that hand secrets over as variables. */
const KEY_VARIABLE = 'DSIPFORM_PLAN_KEY';

/**
 * The shared key that signs saved plans: the bytes of `--sign-key-file FILE` (one trailing line
 * break dropped, as editors and `echo` add one), else `DSIPFORM_PLAN_KEY`, else none. A key
 * shorter than 16 bytes is refused. The key joins the run's secrets, so no output can show it.
 */
export function readPlanKey(flags: PlanKeyFlags, io: CliIo): Uint8Array | undefined {
  let key: Buffer;
  let source: string;
  if (flags.signKeyFile !== undefined) {
    source = flags.signKeyFile;
    key = readSecretFile(flags.signKeyFile, {
      named: 'the plan signing key file',
      holds: 'the key that signs plans',
      ifRead: 'make a new key and sign plans with it',
      hint: 'Check the path given to --sign-key-file.',
    });
    const end = key.at(-1) === 0x0a ? (key.at(-2) === 0x0d ? 2 : 1) : 0;
    key = key.subarray(0, key.length - end);
  } else {
    const text = io.env[KEY_VARIABLE];
    if (text === undefined || text === '') return undefined;
    source = KEY_VARIABLE;
    key = Buffer.from(text, 'utf8');
  }
  checkedPlanKey(key, source);
  // After the check: a refused key is used for nothing, and redacting a few bytes would mangle words.
  io.secrets.add(key.toString('utf8'));
  return key;
}
