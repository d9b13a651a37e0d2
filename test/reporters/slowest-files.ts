import type { Reporter, TestModule } from 'vitest/node';

/** What the summary needs of a test file: vitest's TestModule has these (and more). */
export interface TimedModule {
  readonly relativeModuleId: string;
  diagnostic(): {
    readonly environmentSetupDuration: number;
    readonly prepareDuration: number;
    readonly collectDuration: number;
    readonly setupDuration: number;
    readonly duration: number;
  };
}

/** One test file's time, in milliseconds: its tests and hooks, and getting there (importing the file and what it imports). */
export interface FileTime {
  readonly file: string;
  readonly total: number;
  readonly tests: number;
  readonly load: number;
}

/** Every file's time, slowest first (ties by name, so the list is stable). */
export function fileTimes(modules: readonly TimedModule[]): FileTime[] {
  return modules
    .map((mod) => {
      const d = mod.diagnostic();
      const load = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      return { file: mod.relativeModuleId, total: load + d.duration, tests: d.duration, load };
    })
    .sort((a, b) => b.total - a.total || a.file.localeCompare(b.file));
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const files = (n: number): string => `${n} ${n === 1 ? 'file' : 'files'}`;

/**
 * The `count` slowest files of a run as lines to print, under a heading naming the run (`label`) and
 * the time of all its files together (more than the run's wall time: files run side by side).
 */
export function slowestFilesText(modules: readonly TimedModule[], label: string, count = 10): string {
  const times = fileTimes(modules);
  const all = times.reduce((sum, t) => sum + t.total, 0);
  const shown = times.slice(0, count);
  const heading = shown.length === 1 ? 'The slowest test file' : `The ${shown.length} slowest test files`;
  const lines = [`${heading} (${label}; ${files(times.length)}, ${seconds(all)} in all):`];
  for (const t of shown) {
    lines.push(`  ${seconds(t.total).padStart(8)}  ${t.file} (tests ${seconds(t.tests)}, loading ${seconds(t.load)})`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Prints the ten slowest test files at the end of every run, named by the API profile the run used
 * (`npm test` runs the suite twice, the second time with DSIPFORM_TEST_PROFILE=current), so a slow
 * file shows up in every CI log rather than only when someone goes looking.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length === 0) return;
    const profile = process.env.DSIPFORM_TEST_PROFILE === 'current' ? 'current' : 'spec';
    process.stdout.write(`\n${slowestFilesText(testModules, `API profile ${profile}`)}`);
  }
}
