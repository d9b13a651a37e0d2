import type { BlockLine, Mark } from './change-block.js';
import type { Style } from './style.js';

/** The colour of each mark: green create, yellow change, red delete; `-/+` red, then green. */
export function markColor(mark: Mark, style: Style): string {
  if (mark === '-/+') return `${style.red('-')}/${style.green('+')}`;
  return mark === '+' ? style.green(mark) : mark === '-' ? style.red(mark) : style.yellow(mark);
}

/**
 * Block lines laid out as `terraform plan` does: comments and marks indented by two, fields by
 * six, marks coloured and comments bold (destructive headlines bold red) when the style has colour.
 * A three-character `-/+` takes the indent of its block's opening line, as Terraform's does, so
 * every block's text starts in one column.
 */
export function layoutText(lines: readonly BlockLine[], style: Style): string[] {
  return lines.map((line) => {
    switch (line.type) {
      case 'comment':
        return `  ${line.destructive ? style.bold(style.red(`# ${line.text}`)) : style.bold(`# ${line.text}`)}`;
      case 'open':
        return `${' '.repeat(Math.max(0, 3 - line.mark.length))}${markColor(line.mark, style)} ${line.text}`;
      case 'field':
        return line.mark === null ? `        ${line.text}` : `      ${markColor(line.mark, style)} ${line.text}`;
      case 'close':
        return '    }';
    }
  });
}

/**
 * Block lines laid out for a fenced ```` ```diff ```` block: every mark moved to column 0, where
 * diff highlighting looks for it, with the text aligned as in {@link layoutText}. No colour.
 */
export function layoutDiff(lines: readonly BlockLine[]): string[] {
  return lines.map((line) => {
    switch (line.type) {
      case 'comment':
        return `# ${line.text}`;
      case 'open':
        return `${line.mark} ${line.text}`;
      case 'field':
        return line.mark === null ? `      ${line.text}` : `${line.mark}     ${line.text}`;
      case 'close':
        return '  }';
    }
  });
}
