import type { Document, LineCounter, YAMLError } from 'yaml';
import { newLineCounter, parseDocument } from './yaml-lib.js';
import { COLLECTIONS, type ConfigIssue, type SourceLocation } from '../model/desired.js';
import { issueAt } from './issue.js';

const STACK_OVERFLOW = /call stack/i;

/**
 * The most YAML problems listed for one file. A line of garbage gives one per token (tens of
 * thousands), which helps nobody and takes seconds to place and print; the rest are counted.
 */
export const MAX_PARSE_ISSUES = 20;

/** One parsed desired-state file: its YAML document and the line index to place nodes. */
export interface SourceFile {
  /** The name as the user gave it (relative stays relative). */
  readonly file: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/** The parsed file (absent when it cannot be checked further) and the problems found parsing it. */
export interface ParseResult {
  readonly source?: SourceFile;
  readonly issues: readonly ConfigIssue[];
}

/** The position of a character offset of the file. */
export function positionOf(source: SourceFile, offset: number): SourceLocation {
  const { line, col } = source.lines.linePos(offset);
  return { file: source.file, line, col };
}

/**
 * Parses YAML (also used for `.json` once it passed the strict JSON check, so that positions,
 * duplicate keys and exact digits work the same way; YAML reads JSON as JSON). Syntax errors stop the
 * file: what follows would be noise. Duplicate keys and unknown tags are reported and the file is
 * still checked, so the user sees everything else too. An empty file is an issue.
 */
export function parseSource(file: string, text: string): ParseResult {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: true });
  const source: SourceFile = { file, text, doc, lines: lineIndex(text) };
  const errors = [...doc.errors, ...doc.warnings];
  // Nesting that exhausts the parser's stack leaves an error at many levels, worded for programmers.
  const overflow = errors.find((e) => e.code === 'RESOURCE_EXHAUSTION' || STACK_OVERFLOW.test(e.message));
  if (overflow) {
    const hint = 'a desired-state file needs a few levels: look for unclosed [ or { or runaway indentation here';
    return { issues: [issueAt(positionOf(source, overflow.pos[0]), 'lists or mappings are nested too deeply to read', hint)] };
  }
  const issues = errors.slice(0, MAX_PARSE_ISSUES).map((e) => yamlIssue(source, e));
  const beyond = errors[MAX_PARSE_ISSUES];
  if (beyond) {
    issues.push(
      issueAt(
        positionOf(source, beyond.pos[0]),
        `and ${errors.length - MAX_PARSE_ISSUES} more YAML problems from here on, not listed`,
        'fix the ones above first: the rest often follow from them',
      ),
    );
  }
  if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY')) return { issues };
  if (doc.contents === null) {
    return {
      issues: [
        issueAt(
          { file, line: 1, col: 1 },
          'the file is empty',
          `start it with "version: 1", then ${[...COLLECTIONS, 'routing_tests', 'invariants', 'proxy'].join(', ')} or policy`,
        ),
      ],
    };
  }
  return { source, issues };
}

/**
 * The start of every line of the text. Not the parser's own counter: after a syntax error it skips
 * the lines inside a scalar it recovers, and every position below them lands on the wrong line.
 */
function lineIndex(text: string): LineCounter {
  const lines = newLineCounter();
  lines.addNewLine(0);
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) lines.addNewLine(nl + 1);
  return lines;
}

function yamlIssue(source: SourceFile, error: YAMLError): ConfigIssue {
  const at = positionOf(source, error.pos[0]);
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      const key = keyAt(source.text, error.pos[0]);
      return issueAt(at, `duplicate key ${key} in this mapping`, 'keep one of them: a key may appear once per mapping');
    }
    case 'MULTIPLE_DOCS':
      return issueAt(at, 'the file holds more than one YAML document', 'remove the "---" line or put each document in its own file');
    case 'TAG_RESOLVE_FAILED':
      return issueAt(at, `YAML: ${error.message}`, 'remove the tag; desired-state files use plain values');
    default:
      return issueAt(at, `syntax error: ${error.message}`, 'check indentation, quotes, colons and brackets around this point');
  }
}

/** The key written at an offset, quoted for a message (the parser points at its first character only). */
function keyAt(text: string, offset: number): string {
  const end = text.indexOf('\n', offset);
  const rest = text.slice(offset, end === -1 ? undefined : end);
  const quoted = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')/.exec(rest);
  if (quoted) return quoted[1] as string;
  return JSON.stringify(/^(.*?)\s*:(?:\s|$)/.exec(rest)?.[1] ?? rest.trim());
}
