import { chmod, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DsipformError } from '../model/errors.js';
import { writeFileAtomic } from './files.js';
import { writeLine, type CliIo } from './io.js';

/** The provider's source address in the public registry namespace. */
export const PROVIDER_ADDRESS = 'registry.terraform.io/dsipform/dsiprouter';

const GOOS: Record<string, string> = { linux: 'linux', darwin: 'darwin', freebsd: 'freebsd', win32: 'windows' };
const GOARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm' };

/** Terraform's name for this machine, e.g. `linux_amd64`. */
export function terraformPlatform(platform = process.platform, arch = process.arch): string {
  const os = GOOS[platform];
  const cpu = GOARCH[arch];
  if (!os || !cpu) throw new DsipformError('MIRROR_PLATFORM', `Terraform has no platform name for ${platform}/${arch}`, 'Run terraform-mirror on the machine that runs terraform.');
  return `${os}_${cpu}`;
}

/** HCL string literal. */
function hcl(value: string): string {
  return JSON.stringify(value).replaceAll('${', '$${').replaceAll('%{', '%%{');
}

/**
 * `dsipform terraform-mirror DIR`: lays out a filesystem mirror holding this package's provider (a
 * small wrapper that execs node on it) and prints a Terraform CLI configuration that uses the mirror
 * and never the registry for this provider, so `terraform init` works offline.
 */
export async function runTerraformMirror(dir: string, io: CliIo): Promise<number> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const launcher = join(root, 'bin', 'terraform-provider-dsiprouter.js');
  const mirror = resolve(dir);
  const target = join(mirror, PROVIDER_ADDRESS, version, terraformPlatform());
  try {
    await mkdir(target, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const hint = code === 'ENOTDIR' || code === 'EEXIST' ? 'A file stands where a directory is needed: give another directory, or move the file away.' : 'Give a directory you may write to.';
    throw new DsipformError('MIRROR_DIR_UNWRITABLE', `cannot create the mirror directory ${mirror} (${code})`, hint);
  }
  const binary = join(target, `terraform-provider-dsiprouter_v${version}`);
  await writeFileAtomic(binary, `#!/bin/sh\n# dsipform ${version}: the dsiprouter Terraform provider, run by node.\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(launcher)} "$@"\n`, 0o755);
  await chmod(binary, 0o755);
  writeLine(io.stderr, `Wrote ${binary}`);
  writeLine(io.stdout, `# Terraform CLI configuration for the dsiprouter provider ${version}: export TF_CLI_CONFIG_FILE=<this file>`);
  writeLine(io.stdout, 'provider_installation {');
  writeLine(io.stdout, '  filesystem_mirror {');
  writeLine(io.stdout, `    path    = ${hcl(mirror)}`);
  writeLine(io.stdout, `    include = [${hcl(PROVIDER_ADDRESS)}]`);
  writeLine(io.stdout, '  }');
  writeLine(io.stdout, '  direct {');
  writeLine(io.stdout, `    exclude = [${hcl(PROVIDER_ADDRESS)}]`);
  writeLine(io.stdout, '  }');
  writeLine(io.stdout, '}');
  return 0;
}
