/**
 * The shell of every dsipform HTML page: one file that needs nothing else. The style sheet is
 * inline, nothing is fetched, and the Content-Security-Policy forbids scripts, frames and every
 * request, so the page reads the same opened from a mail, a CI artifact or a disk without a network.
 */
import { html, type Html } from './markup.js';

// `default-src 'none'` blocks scripts, images, fonts and frames; only the inline style below is allowed.
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const STYLE = `
:root { color-scheme: light; --line: #d0d7de; --muted: #57606a; --add: #1a7f37; --change: #9a6700; --remove: #cf222e; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1f2328; background: #fff; margin: 2rem auto; max-width: 72rem; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .6rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .9em; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .4rem 0 1rem; }
th, td { border: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; overflow-wrap: break-word; }
table.fields th { white-space: nowrap; }
th { background: #f6f8fa; font-weight: 600; }
td.num, th.num { text-align: right; }
tr.total td { font-weight: 600; }
td.calls { min-width: 12rem; }
caption { text-align: left; color: var(--muted); padding: .2rem 0; }
.verdict { font-weight: 600; font-size: 1.05rem; margin: 1rem 0; }
.box { border: 1px solid var(--line); border-left-width: .3rem; border-radius: .3rem; padding: .6rem 1rem; margin: 1rem 0; }
.box.refused { border-color: var(--remove); background: #fff5f5; }
.box.passed { border-color: var(--add); background: #f4fbf6; }
.box p { margin: .3rem 0; }
.add { color: var(--add); }
.change { color: var(--change); }
.remove { color: var(--remove); }
.loses { background: #fff0f0; }
.loses td.after { color: var(--remove); font-weight: 600; }
.mark { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 700; text-align: center; width: 2.2rem; }
table.fields { width: 100%; max-width: 64rem; }
table.fields td.old, table.fields td.new { width: 44%; }
td.old:not(:empty) { background: #ffebe9; }
td.new:not(:empty) { background: #dafbe1; }
.change-item { margin: 0 0 1.2rem; }
.change-item .headline { font-weight: 600; margin: .2rem 0; }
.change-item .headline.destructive { color: var(--remove); }
.change-item .where, .muted { color: var(--muted); font-size: .9em; }
td.unchanged { color: var(--muted); }
footer { margin-top: 3rem; color: var(--muted); font-size: .85em; }
`;

/** A whole page: `title` in the tab and as the heading, then `body`. */
export function htmlPage(title: string, body: Html): string {
  const page = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${POLICY}" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="generator" content="dsipform" />
        <title>${title}</title>
        <style>
          ${{ __html: STYLE }}
        </style>
      </head>
      <body>
        <h1>${title}</h1>
        ${body}
      </body>
    </html> `;
  // One newline at the end, whatever the template's layout leaves there.
  return `${page.__html.trim()}\n`;
}
