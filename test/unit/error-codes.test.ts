import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { buildProfile } from '../../src/emulator/profiles.js';
import { EmulatorStore } from '../../src/emulator/store/store.js';
import { ERROR_CODES, type ErrorCode } from '../../src/model/error-codes.js';
import { DsipformError, InternalError } from '../../src/model/errors.js';

const root = new URL('../../', import.meta.url).pathname;
const registry = Object.keys(ERROR_CODES).sort();

/** The codes docs/errors.md documents: the first cell of each table row, in backquotes. */
function documentedCodes(): string[] {
  const doc = readFileSync(join(root, 'docs/errors.md'), 'utf8');
  return [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
}

/** Every TypeScript file under src, but the generated CDKTF bindings and the registry itself. */
function sourceFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return relative(root, path) === 'src/cdktf/bindings' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && relative(root, path) !== 'src/model/error-codes.ts' ? [path] : [];
  });
}

describe('the error-code registry', () => {
  it('is the list docs/errors.md documents: every code once, nothing extra', () => {
    const documented = documentedCodes();
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((c, i) => documented.indexOf(c) !== i)).toEqual([]);
    expect([...documented].sort()).toEqual(registry);
  });

  it('has no code that src never uses', () => {
    const text = sourceFiles()
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(registry.filter((code) => !text.includes(`'${code}'`) && !text.includes(`"${code}"`))).toEqual([]);
  });

  it('gives every code a one-line meaning', () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(meaning).toMatch(/^\S[^\n]*[^.\s]$/);
    }
  });

  it('leaves no plain `throw new Error` in src: each failure is coded or an InternalError', () => {
    const plain = sourceFiles().filter((f) => /throw new Error\(/.test(readFileSync(f, 'utf8')));
    expect(plain.map((f) => relative(root, f))).toEqual([]);
  });

  it('types the code: a misspelt one does not type-check (npm run typecheck)', () => {
    // @ts-expect-error API_UNAUTHORISED is not a registered code
    const misspelt = () => new DsipformError('API_UNAUTHORISED', 'x');
    // @ts-expect-error an ApiError takes only API_ codes
    const foreign = () => new ApiError('STATE_LOCKED', 'x', { method: 'GET', path: '/' });
    const fine: ErrorCode = 'API_UNAUTHORIZED';
    expect([typeof misspelt, typeof foreign, fine]).toEqual(['function', 'function', 'API_UNAUTHORIZED']);
  });
});

describe('the emulator fails with codes, not plain Errors', () => {
  const base = {
    format: 'dsipform-emulator/1',
    nextRuleid: 10,
    nextLeaseid: 1,
    kamreload: false,
    routes: [],
    lcr: [],
    leases: [],
  } as const;

  it.each([
    [
      'a duplicate DID',
      {
        ...base,
        mappings: [
          { ruleid: 2, did: '1', servers: ['1'], notes: '' },
          { ruleid: 3, did: '1', servers: ['1'], notes: '' },
        ],
      },
      'duplicate inbound mapping (ruleid 3, did "1")',
    ],
    [
      'a ruleid at or above nextRuleid',
      { ...base, nextRuleid: 2, mappings: [{ ruleid: 2, did: '1', servers: ['1'], notes: '' }] },
      'nextRuleid 2 is not above the highest ruleid 2',
    ],
    [
      'a duplicate LCR record',
      {
        ...base,
        mappings: [],
        lcr: [
          { groupid: 10000, pattern: 'a', from_prefix: 'a' },
          { groupid: 10000, pattern: 'b', from_prefix: 'b' },
        ],
      },
      'duplicate LCR record (groupid 10000, pattern "b")',
    ],
  ])('a snapshot with %s is EMULATOR_SNAPSHOT_INVALID, with the message it had', (_name, snapshot, message) => {
    const load = () => EmulatorStore.fromSnapshot(snapshot);
    expect(load).toThrow(DsipformError);
    expect(load).toThrow(expect.objectContaining({ code: 'EMULATOR_SNAPSHOT_INVALID', message }));
  });

  it('an unknown profile is EMULATOR_BAD_OPTION', () => {
    expect(() => buildProfile('latest' as never)).toThrow(
      expect.objectContaining({ code: 'EMULATOR_BAD_OPTION', message: 'Unknown emulator profile "latest": use spec or current' }),
    );
  });
});

describe('InternalError', () => {
  it('says it is a bug, keeps the problem apart, and is a DsipformError with code INTERNAL', () => {
    const err = new InternalError('unknown change action "x"');
    expect(err).toBeInstanceOf(DsipformError);
    expect(err).toMatchObject({
      code: 'INTERNAL',
      name: 'InternalError',
      problem: 'unknown change action "x"',
      message: 'unknown change action "x" (this is a bug, please report it)',
    });
  });
});
