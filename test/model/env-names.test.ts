import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, loadDesiredState } from '../../src/config/index.js';
import { parseTargets } from '../../src/config/targets.js';
import { looksLikeValue, VALUE_PATTERN } from '../../src/model/env-names.js';

// Tokens of the shapes people paste: GitHub, Stripe, hex, a long mixed string.
const GITHUB = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
const STRIPE = 'sk_live_51H8aBcDeFgHiJkLmNoPqRsT';
const HEX = 'dsip_live_4f8a9c2e71b3d5f6a8c9e0b1';
const MIXED = 'abc123secret9f8e7d6c5b';

describe('a value where an environment variable name belongs', () => {
  it.each([GITHUB, STRIPE, HEX, MIXED, '4f8a9c2e71b3'])('%s looks like a value', (text) => {
    expect(looksLikeValue(text)).toBe(true);
  });

  it.each([
    'DSIP_TOKEN',
    'DSIP_TOKEN_STAGING',
    'TF_VAR_db_password',
    'AWS_SECRET_ACCESS_KEY',
    'MYSERVICE2PASSWORD',
    'X509CERTIFICATE2',
    'DID_2024_01',
  ])('%s is a name', (text) => {
    expect(looksLikeValue(text)).toBe(false);
  });

  it('the targets schema refuses a token.env by the same pattern', () => {
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../schemas/targets.schema.json', import.meta.url)), 'utf8'));
    expect(schema.$defs.target.properties.token.properties.env.not.pattern).toBe(VALUE_PATTERN.source);
  });

  it('${TOKEN} in a file with the token between the braces: an issue at its place that never shows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-env-names-'));
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, `version: 1\noutbound_routes:\n  - name: X\n    prefix: "1"\n    gwgroupid: "\${${GITHUB}}"\n`);
    const result = await loadDesiredState([file], { env: {} });
    const said = result.ok ? '' : result.issues.map(formatIssue).join('\n');
    expect(said).toContain(
      `${file}:5:16: outbound_routes[0].gwgroupid uses \${…} with a name that looks like a value (a token, key or password), not the name of an environment variable, so it is not shown`,
    );
    expect(said).toContain("hint: write the variable's name between the braces");
    expect(said).not.toContain(GITHUB);
    expect(said).not.toContain('16C7e42F');
  });

  it.each([
    ['token.env holding a token with underscores', `token: { env: ${HEX} }`, '4:19', 'token.env: looks like a value'],
    [
      'the token alone in braces (a mapping whose key is the token)',
      `token: { ${GITHUB} }`,
      '4:14',
      'token: has a key that looks like a value',
    ],
    ['the token as a setting of its own', `token: { env: A }\n    ${STRIPE}: x`, '5:5', 'has a setting that looks like a value'],
  ])('targets file, %s: refused at its place, never shown', (_name, line, at, message) => {
    const result = parseTargets('t.yaml', `targets:\n  s:\n    url: https://x:5000\n    ${line}\n    paths: [a/]\n`);
    const said = result.ok ? '' : result.issues.map((i) => formatIssue(i)).join('\n');
    expect(said).toContain(`t.yaml:${at}: target "s" ${message}`);
    for (const token of [GITHUB, STRIPE, HEX]) expect(said).not.toContain(token);
  });
});
