import { mkdir, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DsipformError } from '../model/errors.js';
import { writeFileAtomic } from './files.js';
import { storedZip } from './stored-zip.js';
import { writeLine, type CliIo } from './io.js';

/** The provider's source address in the public registry namespace. */
const PROVIDER_ADDRESS = 'registry.terraform.io/dsipform/dsiprouter';

const GOOS: Record<string, string> = { linux: 'linux', darwin: 'darwin', freebsd: 'freebsd', win32: 'windows' };
const GOARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm' };

/**
 * The platforms every mirror holds a package for. The package is the same POSIX shell wrapper for
 * all of them, so one machine can lay out (and `terraform providers lock` can hash) the packages of
 * a team that mixes Linux and macOS.
 */
const MIRROR_PLATFORMS = ['darwin_amd64', 'darwin_arm64', 'freebsd_amd64', 'linux_amd64', 'linux_arm', 'linux_arm64'] as const;

/** Terraform's name for this machine, e.g. `linux_amd64`. */
function terraformPlatform(platform = process.platform, arch = process.arch): string {
  const os = GOOS[platform];
  const cpu = GOARCH[arch];
  if (!os || !cpu)
    throw new DsipformError(
      'MIRROR_PLATFORM',
      `Terraform has no platform name for ${platform}/${arch}`,
      'Run terraform-mirror on the machine that runs terraform.',
    );
  return `${os}_${cpu}`;
}

/** A shell word for a path: as it is when that is safe, else single-quoted. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** HCL string literal. */
function hcl(value: string): string {
  return JSON.stringify(value).replaceAll('${', '$${').replaceAll('%{', '%%{');
}

/**
 * The provider executable for `version`: a POSIX shell script that holds no path of the machine it
 * was made on. At run time it finds dsipform `version` (its own bin/terraform-provider-dsiprouter.js)
 * and the `node` on PATH, so the package, and the hash a committed `.terraform.lock.hcl` holds, is the
 * same wherever it is built. Terraform runs it from its own copy (`.terraform/providers/…` or the
 * plugin cache), in the directory it works in: that directory is where the lookup starts.
 */
export function providerWrapper(version: string): string {
  return `#!/bin/sh
# terraform-provider-dsiprouter ${version}: the dsiprouter Terraform provider of dsipform ${version}, run by node.
# Written by \`dsipform terraform-mirror\`; the same bytes on every machine. It runs the first
# dsipform ${version} it finds in:
#   1. $DSIPFORM_HOME, the directory of the dsipform package (set, it must be that version);
#   2. the working directory or one above it: node_modules/dsipform, or a dsipform checkout;
#   3. npm's global packages beside each PATH entry: <prefix>/bin -> <prefix>/lib/node_modules/dsipform;
# with $DSIPFORM_NODE, or the node on PATH.
version='${version}'
version_re='${version.replaceAll('.', '\\.')}'
me=terraform-provider-dsiprouter
is_dsipform() {
  [ -f "$1/bin/terraform-provider-dsiprouter.js" ] && [ -f "$1/package.json" ] &&
    grep -q '"name": *"dsipform"' "$1/package.json" &&
    grep -q "\\"version\\": *\\"$version_re\\"" "$1/package.json"
}
# Terraform shows a plugin's first stdout line when there is no handshake, and never its stderr:
# say why on both.
fail() {
  printf '%s: %s\\n' "$me" "$*" >&2
  printf '%s: %s\\n' "$me" "$*"
  exit 1
}
found=
if [ -n "\${DSIPFORM_HOME:-}" ]; then
  if ! is_dsipform "$DSIPFORM_HOME"; then
    fail "DSIPFORM_HOME ($DSIPFORM_HOME) is not the directory of dsipform $version (package.json, bin/terraform-provider-dsiprouter.js): point it at dsipform $version, or unset it."
  fi
  found=$DSIPFORM_HOME
fi
if [ -z "$found" ]; then
  dir=$(pwd)
  while [ -n "$dir" ]; do
    if is_dsipform "$dir/node_modules/dsipform"; then found=$dir/node_modules/dsipform; break; fi
    if is_dsipform "$dir"; then found=$dir; break; fi
    [ "$dir" = / ] && break
    dir=$(dirname "$dir")
  done
fi
if [ -z "$found" ]; then
  set -f
  saved_ifs=$IFS
  IFS=:
  for bin in $PATH; do
    if [ -n "$bin" ] && is_dsipform "$bin/../lib/node_modules/dsipform"; then found=$bin/../lib/node_modules/dsipform; break; fi
  done
  IFS=$saved_ifs
  set +f
fi
if [ -z "$found" ]; then
  fail "cannot find dsipform $version, which this provider runs from (looked in DSIPFORM_HOME, node_modules/dsipform in $(pwd) and above, npm's global packages): install it (npm install dsipform@$version here, or npm install --global dsipform@$version), or set DSIPFORM_HOME to its directory."
fi
if [ ! -f "$found/dist/terraform/host/main.js" ]; then
  fail "dsipform at $found is not built (no dist/): run npm ci, or npm run build, there."
fi
node=\${DSIPFORM_NODE:-node}
if ! command -v "$node" >/dev/null 2>&1; then
  fail "cannot run node ($node is not on PATH): install Node.js 20 or later, or set DSIPFORM_NODE to the node executable."
fi
exec "$node" "$found/bin/terraform-provider-dsiprouter.js" "$@"
`;
}

/** The package's file name in a packed filesystem mirror. */
function packageFileName(version: string, platform: string): string {
  return `terraform-provider-dsiprouter_${version}_${platform}.zip`;
}

/** The provider package (a zip holding the wrapper): the same bytes for one version everywhere. */
function providerPackage(version: string): Buffer {
  return storedZip([
    { name: `terraform-provider-dsiprouter_v${version}`, data: Buffer.from(providerWrapper(version), 'utf8'), mode: 0o755 },
  ]);
}

/**
 * Creates dir and its missing parents one level at a time: `mkdir(…, { recursive: true })` of Node 20
 * never returns for some paths (e.g. under /proc). A failure is a coded error naming `given`, the
 * mirror directory the user gave.
 */
async function makeDirectory(dir: string, given: string): Promise<void> {
  const missing: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    try {
      if (!(await stat(d)).isDirectory()) cannotCreate(given, 'ENOTDIR');
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (err instanceof DsipformError) throw err;
      if (code !== 'ENOENT' || dirname(d) === d) cannotCreate(given, code);
      missing.unshift(d);
    }
  }
  for (const d of missing) {
    try {
      await mkdir(d);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') cannotCreate(given, (err as NodeJS.ErrnoException).code);
    }
  }
}

function cannotCreate(mirror: string, code = 'error'): never {
  const hint =
    code === 'ENOTDIR' || code === 'EEXIST'
      ? 'A file stands where a directory is needed: give another directory, or move the file away.'
      : 'Give a directory you may write to, e.g. ~/.dsipform/mirror.';
  throw new DsipformError('MIRROR_DIR_UNWRITABLE', `cannot create the mirror directory ${mirror} (${code})`, hint);
}

/**
 * Removes this version's packages in the unpacked layout (`<version>/<os>_<arch>/`) that earlier
 * dsipform releases wrote: beside the packed ones Terraform would see the same version twice.
 */
async function removeUnpacked(providerDir: string, version: string): Promise<void> {
  const versionDir = join(providerDir, version);
  await rm(versionDir, { recursive: true, force: true });
}

/**
 * `dsipform terraform-mirror DIR`: lays out a filesystem mirror (Terraform's packed layout) holding
 * this package's provider for every platform of MIRROR_PLATFORMS, and prints a Terraform CLI
 * configuration that uses the mirror and never the registry for this provider, so `terraform init`
 * works offline and `terraform providers lock -fs-mirror=DIR` can hash it.
 */
export async function runTerraformMirror(dir: string, io: CliIo): Promise<number> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const here = terraformPlatform();
  if (here.startsWith('windows_')) {
    throw new DsipformError(
      'MIRROR_PLATFORM',
      'the provider package is a POSIX shell script, which Terraform on Windows cannot run',
      'Run Terraform and dsipform under WSL, or on Linux or macOS.',
    );
  }
  const mirror = resolve(dir);
  const providerDir = join(mirror, PROVIDER_ADDRESS);
  await makeDirectory(providerDir, mirror);
  await removeUnpacked(providerDir, version);
  const bytes = providerPackage(version);
  const platforms = [...new Set<string>([...MIRROR_PLATFORMS, here])].sort();
  for (const platform of platforms) await writeFileAtomic(join(providerDir, packageFileName(version, platform)), bytes);
  writeLine(
    io.stderr,
    `Wrote ${join(providerDir, packageFileName(version, here))} and the same package for ${platforms.length - 1} other platforms.`,
  );
  writeLine(io.stdout, `# Terraform CLI configuration for the dsiprouter provider ${version}: export TF_CLI_CONFIG_FILE=<this file>`);
  writeLine(
    io.stdout,
    `# Lock it offline from the same mirror: terraform providers lock -fs-mirror=${shellWord(mirror)} -platform=${here}`,
  );
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
