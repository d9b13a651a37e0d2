import type { ChangeOutcome } from '../reconcile/types.js';
import { renderApplyEvent, renderOutcomeLine } from '../render/index.js';
import { useColor, writeLine, type CliIo } from './io.js';

/** Reports apply progress: a bar on a terminal, one line per change otherwise, JSON events with --format json. */
export interface Progress {
  readonly onOutcome: (outcome: ChangeOutcome) => void;
  stop(): void;
}

/** Picks the progress display for this run. */
export async function startProgress(io: CliIo, total: number, format: 'text' | 'json'): Promise<Progress> {
  if (format === 'json') {
    return { onOutcome: (o) => writeLine(io.stdout, renderApplyEvent({ event: 'change', ...o })), stop: () => undefined };
  }
  if (io.isTTY && total >= 20) {
    const { SingleBar, Presets } = await import('cli-progress');
    const bar = new SingleBar({ stream: io.stderr as NodeJS.WriteStream, format: 'applying [{bar}] {value}/{total} changes, {failed} failed', hideCursor: true, clearOnComplete: false, noTTYOutput: true, notTTYSchedule: 200 }, Presets.shades_classic);
    let failed = 0;
    bar.start(total, 0, { failed });
    return {
      onOutcome: (o) => {
        if (o.status === 'failed') failed += 1;
        bar.increment(1, { failed });
      },
      stop: () => bar.stop(),
    };
  }
  const color = useColor(io);
  return { onOutcome: (o) => writeLine(io.stdout, renderOutcomeLine(o, { color })), stop: () => undefined };
}
