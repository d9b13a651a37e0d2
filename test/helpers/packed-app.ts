import { mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runProcess } from './process.js';

/** The repository's root. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** A finished command: its exit code, stdout, and stdout followed by stderr. */
export interface Run {
  readonly code: number | null;
  readonly out: string;
  readonly stdout: string;
}

/** Runs `command ARGS` in `cwd` to completion (Terraform and cdktf tooling kept from phoning home). */
export async function runIn(command: string, args: readonly string[], cwd: string): Promise<Run> {
  const r = await runProcess(command, args, { cwd, env: { ...process.env, CHECKPOINT_DISABLE: '1' } });
  return { code: r.code, out: r.stdout + r.stderr, stdout: r.stdout };
}

/**
 * The package as a user receives it: `npm pack` (offline, no scripts), unpacked into a fresh app's
 * `node_modules/dsipform`, with `links` (package names) linked from this repository's node_modules,
 * one copy each, as npm would install them beside it. The app's package.json is an ES module's.
 */
export async function packedApp(prefix: string, links: readonly string[]): Promise<{ base: string; app: string }> {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const packed = await runIn('npm', ['pack', '--ignore-scripts', '--offline', '--json', '--pack-destination', base], REPO);
  expect(packed.code, packed.out).toBe(0);
  const tarball = join(base, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
  const app = join(base, 'app');
  const modules = join(app, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const untar = await runIn('tar', ['-xzf', tarball, '-C', modules], base);
  expect(untar.code, untar.out).toBe(0);
  renameSync(join(modules, 'package'), join(modules, 'dsipform'));
  for (const dep of links) {
    mkdirSync(dirname(join(modules, dep)), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', dep), join(modules, dep), 'dir');
  }
  writeFileSync(join(app, 'package.json'), '{ "private": true, "type": "module" }\n');
  return { base, app };
}

/**
 * Type-checks `file` of a packed app with this repository's TypeScript, as an ESM app would
 * (NodeNext), against the package's declarations: the compiler's run, code 0 when it passed.
 */
export async function typecheckApp(app: string, file: string): Promise<Run> {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(REPO, 'node_modules', '@types')],
    },
    files: [file],
  };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(config));
  return runIn(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], app);
}
