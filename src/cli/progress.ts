import type { ChangeOutcome } from '../model/apply-report.js';
import { renderApplyEvent } from '../render/apply-event.js';
import { renderOutcomeLine } from '../render/apply-text.js';
import { useColor, writeLine, type CliIo } from './io.js';

/**
 * Above this many changes, an apply whose stdout is not a terminal prints progress lines (about one
 * per tenth of the changes) instead of one line per change: a log of 10,000 outcome lines helps no
 * reader and costs the run a write per change. The closing report still lists every failure, the
 * `--report` file every outcome, and `--format json` every change. Up to this many, each change keeps
 * its line (the output a person reads after a small apply stays as it was).
 */
export const OUTCOME_LINES_UP_TO = 100;

/**
 * Lines gathered and written in one write per 64 KiB or per 100 ms (and at the end), not one
 * write per change: a slow apply still shows its lines as they come.
 */
class LineBatch {
  #lines: string[] = [];
  #size = 0;
  #timer: NodeJS.Timeout | undefined;
  constructor(private readonly stream: CliIo['stdout']) {}
  push(line: string): void {
    this.#lines.push(line);
    this.#size += line.length + 1;
    if (this.#size >= 65_536) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), 100).unref();
  }
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#lines.length === 0) return;
    this.stream.write(`${this.#lines.join('\n')}\n`);
    this.#lines = [];
    this.#size = 0;
  }
}

/** Reports apply progress: a bar on a terminal, one line per change otherwise (progress lines above OUTCOME_LINES_UP_TO), JSON events with --format json. */
export interface Progress {
  readonly onOutcome: (outcome: ChangeOutcome) => void;
  stop(): void;
}

/**
 * Picks the progress display for this run. Once `interrupted()` is true, the changes the interrupt
 * kept from starting are not shown one by one (nor counted on the bar, which stays where the apply
 * stopped): the closing report counts them. `--format json` still gets one event per change.
 */
export async function startProgress(
  io: CliIo,
  total: number,
  format: 'text' | 'json',
  interrupted: () => boolean = () => false,
): Promise<Progress> {
  if (format === 'json') {
    const batch = new LineBatch(io.stdout);
    return { onOutcome: (o) => batch.push(renderApplyEvent({ event: 'change', ...o })), stop: () => batch.flush() };
  }
  const skipped = (o: ChangeOutcome): boolean => o.status === 'not_attempted' && interrupted();
  if (io.isTTY && total >= 20) {
    // A CommonJS package: its `default` is module.exports both in Node and in the bundle (esbuild
    // gives a lazily imported CommonJS chunk no named exports).
    const { SingleBar, Presets } = (await import('cli-progress')).default;
    const bar = new SingleBar(
      {
        stream: io.stderr,
        format: 'applying [{bar}] {value}/{total} changes, {failed} failed{state}',
        hideCursor: true,
        clearOnComplete: false,
        noTTYOutput: true,
        notTTYSchedule: 200,
      },
      Presets.shades_classic,
    );
    let failed = 0;
    bar.start(total, 0, { failed, state: '' });
    return {
      onOutcome: (o) => {
        if (skipped(o)) return;
        if (o.status === 'failed') failed += 1;
        bar.increment(1, { failed });
      },
      stop: () => {
        if (interrupted()) bar.update({ failed, state: ', interrupted' });
        bar.stop();
      },
    };
  }
  if (!io.isTTY && total > OUTCOME_LINES_UP_TO) {
    const step = Math.ceil(total / 10);
    let done = 0;
    let failed = 0;
    const line = (): void => writeLine(io.stdout, `applying: ${done}/${total} changes done, ${failed} failed`);
    return {
      onOutcome: (o) => {
        if (skipped(o)) return;
        done += 1;
        if (o.status === 'failed') failed += 1;
        if (done % step === 0 && done < total) line();
      },
      stop: () => line(),
    };
  }
  const color = useColor(io);
  const batch = new LineBatch(io.stdout);
  return {
    onOutcome: (o) => {
      if (!skipped(o)) batch.push(renderOutcomeLine(o, { color }));
    },
    stop: () => batch.flush(),
  };
}
