import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { DsipformError, InternalError } from '../../src/model/errors.js';

/**
 * Two copies of dsipform in one process (the CLI's and a CDKTF app's, or two versions in
 * node_modules) each have their own classes. `instanceof` must hold across them, as for undici's
 * branded errors. Each copy here is the built error modules (dist/, so run npm run build first)
 * copied to a directory of its own and loaded from there, so nothing is shared but the process.
 */
type Copy = {
  DsipformError: typeof DsipformError;
  InternalError: typeof InternalError;
  ApiError: typeof ApiError;
};

const dist = new URL('../../dist/', import.meta.url).pathname;

async function loadCopy(): Promise<Copy> {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-copy-'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  const files = [
    ...readdirSync(join(dist, 'model'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `model/${f}`),
    'api/errors.js',
  ];
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    // Without its source map comment: the map would point at sources that are not in the copy.
    writeFileSync(join(dir, file), readFileSync(join(dist, file), 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, ''));
  }
  const model = (await import(pathToFileURL(join(dir, 'model/errors.js')).href)) as Copy;
  const api = (await import(pathToFileURL(join(dir, 'api/errors.js')).href)) as Copy;
  return { DsipformError: model.DsipformError, InternalError: model.InternalError, ApiError: api.ApiError };
}

const request = { method: 'GET', path: '/inboundmapping', status: 401 };

describe('instanceof across two separately loaded copies of the package', async () => {
  const a = await loadCopy();
  const b = await loadCopy();

  it('the copies are separate classes', () => {
    expect(a.DsipformError).not.toBe(b.DsipformError);
    expect(a.ApiError).not.toBe(b.ApiError);
    expect(a.DsipformError).not.toBe(DsipformError);
  });

  it('an error of one copy is an instance of the other copy’s classes, by kind', () => {
    const apiError = new a.ApiError('API_UNAUTHORIZED', 'unauthorized', request, 'Check the token.');
    expect(apiError instanceof b.ApiError).toBe(true);
    expect(apiError instanceof b.DsipformError).toBe(true);
    expect(apiError instanceof b.InternalError).toBe(false);
    expect(apiError instanceof Error).toBe(true);

    const plain = new a.DsipformError('STATE_LOCKED', 'locked');
    expect(plain instanceof b.DsipformError).toBe(true);
    expect(plain instanceof b.ApiError).toBe(false);

    const bug = new b.InternalError('no handler');
    expect(bug instanceof a.InternalError).toBe(true);
    expect(bug instanceof a.DsipformError).toBe(true);
    expect(bug instanceof a.ApiError).toBe(false);
  });

  it('holds between a built copy and the source this process loaded, both ways', () => {
    expect(new a.ApiError('API_TIMEOUT', 'no answer', request) instanceof ApiError).toBe(true);
    expect(new ApiError('API_TIMEOUT', 'no answer', request) instanceof a.ApiError).toBe(true);
    expect(new InternalError('x') instanceof a.ApiError).toBe(false);
  });

  it('keeps what the error says: code, message, hint, fields', () => {
    const err = new a.ApiError('API_UNAUTHORIZED', 'unauthorized', request, 'Check the token.');
    if (!(err instanceof b.ApiError)) throw new Error('not branded');
    expect({
      code: err.code,
      message: err.message,
      hint: err.hint,
      status: err.status,
      name: err.name,
      isNotFound: err.isNotFound,
    }).toEqual({
      code: 'API_UNAUTHORIZED',
      message: 'GET /inboundmapping: unauthorized',
      hint: 'Check the token.',
      status: 401,
      name: 'ApiError',
      isNotFound: false,
    });
  });

  it('is not fooled by other errors or look-alikes', () => {
    for (const Class of [a.DsipformError, a.ApiError, a.InternalError]) {
      expect(new Error('x') instanceof Class).toBe(false);
      expect({ code: 'API_TIMEOUT', message: 'x', hint: '' } instanceof Class).toBe(false);
      expect(Object.assign(new Error('x'), { [Symbol('dsipform.error')]: ['DsipformError'] }) instanceof Class).toBe(false);
      for (const value of [null, undefined, 'API_TIMEOUT', 42] as unknown[]) expect(value instanceof Class).toBe(false);
    }
  });

  it('a subclass that declares no kind of its own falls back to the prototype chain', () => {
    class Local extends a.DsipformError {}
    expect(new Local('CLI_BAD_OPTION', 'x') instanceof Local).toBe(true);
    expect(new a.DsipformError('CLI_BAD_OPTION', 'x') instanceof Local).toBe(false);
    expect(new Local('CLI_BAD_OPTION', 'x') instanceof b.DsipformError).toBe(true);
  });
});
