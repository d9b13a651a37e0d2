import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTargets } from '../../src/config/targets.js';
import { runPerTarget, worstExit } from '../../src/cli/targets.js';
import { formatIssue } from '../../src/config/issue.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schema = JSON.parse(readFileSync(`${root}schemas/targets.schema.json`, 'utf8')) as object;
const validate = new Ajv2020({ strict: false }).compile(schema);

const GOOD = 'targets:\n  staging:\n    url: https://s.example.com:5000\n    token: { env: TOK }\n    paths: [a/]\n';

describe('targets file', () => {
  it.each([
    [
      'a token written as the value',
      'targets:\n  s:\n    url: https://x:5000\n    token: abc123secret\n    paths: [a/]\n',
      '4:12',
      'token: holds a value',
    ],
    [
      'a token under another key',
      'targets:\n  s:\n    url: https://x:5000\n    token: { value: abc123secret }\n    paths: [a/]\n',
      '4:14',
      'token: has "value"',
    ],
    [
      'a token value where the variable name goes',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: "ab-12.cd" }\n    paths: [a/]\n',
      '4:19',
      'token.env: is not the name',
    ],
    [
      'a token pasted as the variable name',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: abc123secret9f8e7d6c5b }\n    paths: [a/]\n',
      '4:19',
      'token.env: looks like a value',
    ],
    [
      'both env and file',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: A, file: b }\n    paths: [a/]\n',
      '4:12',
      'exactly one of env: or file:',
    ],
    ['no token', 'targets:\n  s:\n    url: https://x:5000\n    paths: [a/]\n', '2:3', 'has no token: setting'],
    [
      'a URL that is not http(s)',
      'targets:\n  s:\n    url: ftp://x\n    token: { env: A }\n    paths: [a/]\n',
      '3:10',
      'is not an http:// or https:// URL',
    ],
    ['no files', 'targets:\n  s:\n    url: https://x:5000\n    token: { env: A }\n', '2:3', 'has no files'],
    ['the reserved name all', 'targets:\n  all:\n    url: https://x:5000\n    token: { env: A }\n    paths: [a/]\n', '2:3', 'not "all"'],
    [
      'an unknown setting',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: A }\n    paths: [a/]\n    profile: spec\n',
      '6:5',
      'no setting "profile"',
    ],
    [
      'a bad profile',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: A }\n    paths: [a/]\n    api_profile: auto\n',
      '6:18',
      'api_profile: is spec or current',
    ],
    ['no targets', 'paths: [a/]\n', '1:1', 'names no target'],
    [
      'a zone this machine does not know',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: A }\n    paths: [a/]\n    timezone: America/Chicagoo\n',
      '6:15',
      'target "s" timezone: "America/Chicagoo" is not a time zone this machine knows',
    ],
    [
      'an empty zone',
      'targets:\n  s:\n    url: https://x:5000\n    token: { env: A }\n    paths: [a/]\n    timezone: ""\n',
      '6:15',
      'target "s" timezone: is not a zone name',
    ],
  ])('%s: an issue at its line and column, refused by the schema too', (_name, text, at, message) => {
    const result = parseTargets('t.yaml', text);
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues.map((i) => formatIssue(i));
    expect(issues.join('\n')).toContain(`t.yaml:${at}: `);
    expect(issues.join('\n')).toContain(message);
    expect(issues.join('\n')).not.toContain('abc123secret');
    // Files may come from the shared paths alone, which a schema of one target cannot see; nor can it know zones.
    if (_name !== 'no files' && _name !== 'a zone this machine does not know') expect(validate(parse(text))).toBe(false);
  });

  it.each(['./', '.', '..', 't.yaml'])('paths: [%s] would read the targets file itself as configuration: refused at its entry', (path) => {
    const result = parseTargets('t.yaml', `paths: [${path}]\ntargets:\n  s: { url: "https://x:5000", token: { env: A }, paths: [a/] }\n`);
    expect(result.ok ? [] : result.issues.map((i) => formatIssue(i))).toEqual([
      `t.yaml:1:9: shared paths: "${path}" holds the targets file itself\n  hint: Keep the configuration in folders of its own: paths: [shared/, staging/].`,
    ]);
  });

  it.each([
    ['the same URL', 'http://127.0.0.1:5000', 'http://127.0.0.1:5000'],
    ['127.0.0.1 and localhost with one port', 'http://127.0.0.1:5000', 'http://localhost:5000'],
    ['::1 and a 127/8 address', 'http://[::1]:5000', 'http://127.0.0.2:5000'],
    ['case and a trailing slash', 'https://SIP.example.com:5000', 'https://sip.example.com:5000/'],
    ['a default port written out', 'https://sip.example.com', 'https://sip.example.com:443'],
    ['a trailing dot and the other scheme on the same port', 'http://sip.example.com:5000', 'https://sip.example.com.:5000'],
  ])('two targets on one platform (%s): refused at the second url:, naming both', (_name, a, b) => {
    const text = `targets:\n  one:\n    url: ${a}\n    token: { env: A }\n    paths: [a/]\n  two:\n    url: ${b}\n    token: { env: B }\n    paths: [b/]\n`;
    const result = parseTargets('t.yaml', text);
    const issues = result.ok ? [] : result.issues.map((i) => formatIssue(i));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain(`t.yaml:7:10: target "two" url: ${b} is the platform of target "one" (${a})`);
    expect(issues[0]).toContain('hint: Keep one target per platform');
  });

  it.each([
    ['another port', 'http://127.0.0.1:5000', 'http://127.0.0.1:5001'],
    ['another host', 'https://a.example.com:5000', 'https://b.example.com:5000'],
    ['another base path behind one host', 'https://gw.example.com/east', 'https://gw.example.com/west'],
  ])('two platforms (%s) are two targets', (_name, a, b) => {
    const text = `targets:\n  one: { url: "${a}", token: { env: A }, paths: [a/] }\n  two: { url: "${b}", token: { env: B }, paths: [b/] }\n`;
    expect(parseTargets('t.yaml', text).ok).toBe(true);
  });

  it('reads shared paths first, resolved against the file, and vars: the target over the shared', () => {
    const text = 'paths: shared/\nvars: { A: "1", B: 2 }\n' + GOOD.replace('paths: [a/]', 'paths: [a/]\n    vars: { A: x }');
    const result = parseTargets('conf/t.yaml', text);
    expect(result.ok && result.targets[0]).toMatchObject({
      name: 'staging',
      token: { env: 'TOK' },
      paths: ['conf/shared', 'conf/a'],
      vars: { A: 'x', B: '2' },
    });
    expect(result.ok && result.targets[0]!.state).toMatch(/conf\/\.dsipform\/targets\/staging\.state\.json$/);
    expect(validate(parse(text))).toBe(true);
  });

  it("reads a target's timezone: (the proxy's zone of that platform), and none when it gives none", () => {
    const text = `${GOOD}    timezone: America/Chicago\n  other:\n    url: https://o.example.com:5000\n    token: { env: TOK }\n    paths: [b/]\n`;
    const result = parseTargets('t.yaml', text);
    expect(result.ok && result.targets.map((t) => [t.name, t.timezone])).toEqual([
      ['staging', 'America/Chicago'],
      ['other', undefined],
    ]);
    expect(result.ok && 'timezone' in result.targets[1]!).toBe(false);
    expect(validate(parse(text))).toBe(true);
  });

  it('the example targets file is valid to the loader and the schema', () => {
    const file = 'examples/targets/dsipform.targets.yaml';
    const text = readFileSync(`${root}${file}`, 'utf8');
    const result = parseTargets(file, text);
    expect(result.ok ? result.targets.map((t) => t.name) : result.issues).toEqual(['staging', 'production']);
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('runPerTarget and worstExit', () => {
  it.each([
    [[], 0],
    [[0, 0], 0],
    [[0, 2], 2],
    [[2, 1, 0], 1],
    [[130, 2], 1],
  ])('worstExit(%j) = %i', (codes, worst) => {
    expect(worstExit(codes)).toBe(worst);
  });

  it('runs at most `limit` at once, keeps the order, and returns errors instead of throwing', async () => {
    const targets = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, url: 'http://x', token: {}, paths: [], vars: {}, state: '' }));
    let running = 0;
    let most = 0;
    const results = await runPerTarget(
      targets,
      async (t) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (t.name === 'c') throw new Error('down');
        return t.name.toUpperCase();
      },
      2,
    );
    expect(most).toBe(2);
    expect(results.map((r) => (r.ok ? r.value : (r.error as Error).message))).toEqual(['A', 'B', 'down', 'D', 'E']);
  });
});
