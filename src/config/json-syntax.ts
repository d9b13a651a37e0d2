import type { ConfigIssue } from '../model/desired.js';
import { issueAt } from './issue.js';

/**
 * Strict JSON syntax (RFC 8259) for `.json` files, checked before the file is read: the YAML
 * parser that reads it (for positions, duplicate keys and exact digits) would accept a trailing
 * comma, comments, single quotes and bare words. One pass, no values built, no recursion (any
 * depth). Returns the first problem at its line and column, or null when the text is JSON (or
 * blank: an empty file is reported as such by the parser).
 */
export function jsonSyntaxIssue(file: string, text: string): ConfigIssue | null {
  const problem = new Scanner(text).problem();
  if (problem === null) return null;
  const { line, col } = lineCol(text, problem.at);
  return issueAt({ file, line, col }, `JSON syntax error: ${problem.message}`, problem.hint);
}

interface Problem {
  readonly at: number;
  readonly message: string;
  readonly hint: string;
}

const WORD = /[A-Za-z0-9_$+.-]+/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;
const ESCAPE = /["\\/bfnrt]|u[0-9a-fA-F]{4}/y;
const CLOSER: Readonly<Record<string, string>> = { '{': '}', '[': ']' };

/** Thrown inside the scanner with the problem; caught in `problem()`. */
class Stop {
  constructor(readonly problem: Problem) {}
}

class Scanner {
  #pos = 0;
  /** The open collections, innermost last, with where each was opened. */
  readonly #open: { kind: '{' | '['; at: number }[] = [];
  /** Set when a collection was just opened and its first item comes next. */
  #first = false;

  constructor(readonly text: string) {}

  problem(): Problem | null {
    try {
      this.#document();
      return null;
    } catch (err) {
      if (err instanceof Stop) return err.problem;
      throw err;
    }
  }

  #document(): void {
    if (this.text.charCodeAt(0) === 0xfeff) this.#pos = 1; // a byte-order mark, as RFC 8259 lets parsers allow
    this.#space();
    if (this.#pos >= this.text.length) return;
    this.#value();
    for (;;) {
      this.#space();
      const top = this.#open[this.#open.length - 1];
      if (!top) break;
      const close = CLOSER[top.kind] as string;
      const c = this.text[this.#pos];
      if (this.#first) {
        this.#first = false;
        if (top.kind === '{') this.#key();
        this.#value();
      } else if (c === close) {
        this.#pos++;
        this.#open.pop();
      } else if (c === ',') {
        const comma = this.#pos++;
        this.#space();
        if (this.text[this.#pos] === close) {
          this.#stop(comma, `a "," before "${close}": JSON allows no comma after the last item`, 'remove the ","');
        }
        if (top.kind === '{') this.#key();
        this.#value();
      } else {
        this.#unexpected(`"," or "${close}"`, top.kind === '{' ? 'separate the key: value pairs with ","' : 'separate the items with ","');
      }
    }
    if (this.#pos < this.text.length) {
      this.#unexpected('the end of the file', 'a .json file holds one value: remove what follows it, or put everything in one { }');
    }
  }

  /** A value; a collection is only opened, and `#document` goes through its items (no recursion). */
  #value(): void {
    this.#space();
    const t = this.text;
    const at = this.#pos;
    const c = t[at];
    if (c === '{' || c === '[') {
      this.#open.push({ kind: c, at });
      this.#pos++;
      this.#space();
      const close = CLOSER[c] as string;
      if (t[this.#pos] === close) {
        this.#pos++;
        this.#open.pop();
      } else {
        this.#first = true;
      }
      return;
    }
    if (c === '"') return this.#string();
    if (c === "'") this.#stop(at, "strings in JSON take double quotes, not '", 'write "text" instead of \'text\'');
    WORD.lastIndex = at;
    const word = WORD.exec(t)?.[0];
    if (word === undefined) return this.#unexpected('a value', 'write a string in double quotes, a number, a list [ ] or a mapping { }');
    if (word === 'true' || word === 'false' || word === 'null') {
      this.#pos += word.length;
      return;
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(t)?.[0];
    if (number === word) {
      this.#pos += word.length;
      return;
    }
    if (/^-?0[0-9]+$/.test(word)) {
      this.#stop(at, `a number in JSON cannot start with 0 (${word})`, `write it as a string to keep its digits: "${word}"`);
    }
    if (/^[-+.0-9]/.test(word))
      this.#stop(at, `${word} is not a JSON number`, `write decimal digits (10, -1, 1.5), or a string in double quotes: "${word}"`);
    this.#stop(at, `${word} is not a JSON value`, `write text in double quotes: "${word}"`);
  }

  /** A mapping key, its ":" and the space after. */
  #key(): void {
    this.#space();
    const at = this.#pos;
    const c = this.text[at];
    if (c === "'") this.#stop(at, "keys in JSON take double quotes, not '", 'write "key": instead of \'key\':');
    if (c !== '"') {
      WORD.lastIndex = at;
      const word = WORD.exec(this.text)?.[0];
      if (word !== undefined) this.#stop(at, `the key ${word} is not in double quotes`, `write "${word}": in JSON`);
      this.#unexpected('a key in double quotes', 'write each pair as "key": value');
    }
    this.#string();
    this.#space();
    if (this.text[this.#pos] !== ':') this.#unexpected('":" after the key', 'write each pair as "key": value');
    this.#pos++;
  }

  /** A string from its opening quote: no raw control characters, JSON's escapes only. */
  #string(): void {
    const t = this.text;
    const start = this.#pos;
    for (let i = start + 1; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.#pos = i + 1;
        return;
      }
      if (c < 0x20) {
        const what = c === 0x0a || c === 0x0d ? 'a line break' : 'a control character';
        if (c === 0x0a || c === 0x0d)
          this.#stop(
            start,
            'this string is not closed on its line',
            'close it with " on the same line; write \\n for a line break inside it',
          );
        this.#stop(i, `a string in JSON cannot hold ${what} as it is`, 'write it as an escape: \\t, or \\u0000 with its code');
      }
      if (c === 0x5c) {
        ESCAPE.lastIndex = i + 1;
        const escape = ESCAPE.exec(t)?.[0];
        if (escape === undefined) {
          this.#stop(
            i,
            `${JSON.stringify(t.slice(i, i + 2))} is not a JSON escape`,
            'JSON escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by 4 hex digits',
          );
        }
        i += escape.length;
      }
    }
    this.#stop(start, 'this string is not closed', 'close it with "');
  }

  /** Spaces, tabs and line breaks; a comment is a problem of its own. */
  #space(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.#pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.#pos++;
      else break;
    }
    const c = t[this.#pos];
    if (c === '#' || (c === '/' && (t[this.#pos + 1] === '/' || t[this.#pos + 1] === '*'))) {
      this.#stop(
        this.#pos,
        'comments are not allowed in JSON',
        'remove the comment, or write the file as YAML (.yaml), where # starts a comment',
      );
    }
  }

  /** Something other than what was expected here, or the end of the text. */
  #unexpected(expected: string, hint: string): never {
    const found = this.text.codePointAt(this.#pos);
    if (found === undefined) {
      const top = this.#open[this.#open.length - 1];
      if (top) {
        this.#stop(top.at, `the file ends before this "${top.kind}" is closed`, `close it with "${CLOSER[top.kind]}"`);
      }
      this.#stop(this.#pos, `the file ends where ${expected} was expected`, hint);
    }
    const char = String.fromCodePoint(found);
    const top = this.#open[this.#open.length - 1];
    if (top && (char === '}' || char === ']') && CLOSER[top.kind] !== char) {
      const { line, col } = lineCol(this.text, top.at);
      const message = `found "${char}", but the "${top.kind}" opened at line ${line}, column ${col} is not closed yet`;
      this.#stop(this.#pos, message, `close it with "${CLOSER[top.kind]}" first`);
    }
    return this.#stop(this.#pos, `expected ${expected}, found ${JSON.stringify(char)}`, hint);
  }

  #stop(at: number, message: string, hint: string): never {
    throw new Stop({ at, message, hint });
  }
}

/** Line and column (1-based, in UTF-16 units as the YAML parser counts) of an offset. */
function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, col: offset - start + 1 };
}
