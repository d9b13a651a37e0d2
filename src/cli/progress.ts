import type { ChangeOutcome } from '../model/apply-report.js';
import { renderApplyEvent } from '../render/apply-event.js';
import { renderOutcomeLine } from '../render/apply-text.js';
import { useColor, writeLine, type CliIo } from './io.js';

/** Reports apply progress: a bar on a terminal, one line per change otherwise, JSON events with --format json. */
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
    return { onOutcome: (o) => writeLine(io.stdout, renderApplyEvent({ event: 'change', ...o })), stop: () => undefined };
  }
  const skipped = (o: ChangeOutcome): boolean => o.status === 'not_attempted' && interrupted();
  if (io.isTTY && total >= 20) {
    const { SingleBar, Presets } = await import('cli-progress');
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
  const color = useColor(io);
  return {
    onOutcome: (o) => {
      if (!skipped(o)) writeLine(io.stdout, renderOutcomeLine(o, { color }));
    },
    stop: () => undefined,
  };
}
