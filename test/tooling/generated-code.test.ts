// Generated code says so, and exists once: the CDK Terrain bindings are made from the committed
// CDKTF ones at build (scripts/generate-cdktn.mjs) instead of being a second committed copy, and git
// knows the committed bindings as generated (.gitattributes linguist-generated).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CDKTF_DIR, CDKTN_DIR, cdktnFrom, generateCdktn } from '../../scripts/generate-cdktn.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

describe('the CDK Terrain bindings', () => {
  it('are not committed: git ignores them and tracks none', () => {
    expect(git('ls-files', 'src/cdktf/bindings/cdktn')).toBe('');
    expect(git('check-ignore', 'src/cdktf/bindings/cdktn/index.ts').trim()).toBe('src/cdktf/bindings/cdktn/index.ts');
    expect(git('ls-files', 'src/cdktf/bindings/cdktf')).toContain('src/cdktf/bindings/cdktf/index.ts');
  });

  it('are made from the CDKTF ones, differing only in the lines that name the core', () => {
    const paths = generateCdktn();
    expect(paths).toContain('index.ts');
    expect(paths).toContain('inbound-mapping/index.ts');
    for (const path of paths) {
      const cdktf = readFileSync(join(CDKTF_DIR, path), 'utf8').split('\n');
      const cdktn = readFileSync(join(CDKTN_DIR, path), 'utf8').split('\n');
      expect(cdktn.length, path).toBe(cdktf.length);
      const differing = cdktn.filter((line, i) => line !== cdktf[i]);
      expect(differing.length, path).toBeGreaterThan(0);
      for (const line of differing) expect(line, path).toMatch(/cdktn|CDK Terrain/);
      expect(cdktn.join('\n'), path).not.toMatch(/from 'cdktf'/);
    }
  });

  it('refuses a file that does not look generated', () => {
    expect(() => cdktnFrom('x/index.ts', "import * as cdktf from 'cdktf';\n")).toThrow(/no generator header/);
  });
});

describe('.gitattributes', () => {
  it.each(['src/cdktf/bindings/cdktf/index.ts', 'src/cdktf/bindings/cdktf/inbound-mapping/index.ts'])('marks %s generated', (path) => {
    expect(git('check-attr', 'linguist-generated', '--', path).trim()).toBe(`${path}: linguist-generated: true`);
  });
});
