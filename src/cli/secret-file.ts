import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { looksLikeValue } from '../model/env-names.js';
import { DsipformError } from '../model/errors.js';
import { checkPrivateMode } from '../state/private-fs.js';

/** A file named by an option or a targets file that holds a secret, as its errors name it. */
export interface SecretFileSpec {
  /** What it is, after "cannot read", e.g. `the token file`, `its token file`. */
  readonly named: string;
  /** Put before every message, e.g. `target "staging": `. */
  readonly prefix?: string;
  /** What it holds, e.g. `the API token`. */
  readonly holds: string;
  /** What to do if others may have read it, e.g. `rotate the token`. */
  readonly ifRead: string;
  /** The hint when it cannot be read: where the path was given. */
  readonly hint: string;
}

/**
 * The bytes of a file that holds a secret (an API token, a plan signing key). Refused as the state
 * file is when its group or others have any access (`CONFIG_FILE_PERMISSIONS`, by the one rule
 * `checkPrivateMode`); `CONFIG_FILE_UNREADABLE` when it cannot be read. The mode is that of the
 * file opened, so a mounted secret reached through a symbolic link is judged by the file itself.
 */
export function readSecretFile(file: string, spec: SecretFileSpec): Buffer {
  const prefix = spec.prefix ?? '';
  const unreadable = (err: unknown): DsipformError => {
    const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    // The token itself given as the path (--token-file "$DSIP_TOKEN"): said to be one, never shown.
    const shown = looksLikeValue(basename(file)) ? '(its path looks like a value, a token or key, not a path: not shown)' : file;
    return new DsipformError('CONFIG_FILE_UNREADABLE', `${prefix}cannot read ${spec.named} ${shown} (${reason})`, spec.hint);
  };
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw unreadable(err);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile()) {
      checkPrivateMode(file, stats.mode, {
        code: 'CONFIG_FILE_PERMISSIONS',
        named: `${prefix}${spec.named} ${file}`,
        holds: spec.holds,
        ifRead: spec.ifRead,
      });
    }
    return readFileSync(fd);
  } catch (err) {
    if (err instanceof DsipformError) throw err;
    throw unreadable(err);
  } finally {
    closeSync(fd);
  }
}

/** How the CLI's `--token-file` (the client's, and the emulator's) is named in errors. */
export const TOKEN_FILE: SecretFileSpec = {
  named: 'the token file',
  holds: 'the API token',
  ifRead: 'rotate the token',
  hint: 'Check the path given to --token-file.',
};
