import { LineCounter, parseDocument, type Document } from 'yaml';
import type { ConfigIssue, SourceLocation } from '../../model/desired.js';

/** A parsed cdk.tf.json with positions. */
export interface StackFile {
  readonly file: string;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/** Parses the synthesized JSON (with the YAML parser, which keeps positions). */
export function parseStack(file: string, text: string): StackFile | ConfigIssue {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
    return {
      file,
      line: pos.line,
      col: pos.col,
      message: `not valid JSON: ${err.message.split('\n')[0]}`,
      hint: 'Synthesize the stack again (app.synth()), then point --cdktf at cdktf.out/stacks/<name>.',
    };
  }
  return { file, doc, lines };
}

/** Where the node at `path` starts (its value), or where the nearest existing parent starts. */
export function locate(stack: StackFile, path: readonly (string | number)[]): SourceLocation {
  for (let n = path.length; n >= 0; n -= 1) {
    const node = stack.doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && node.range) {
      const pos = stack.lines.linePos(node.range[0]);
      return { file: stack.file, line: pos.line, col: pos.col };
    }
  }
  return { file: stack.file, line: 1, col: 1 };
}
