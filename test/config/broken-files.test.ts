import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { F, headLines, load, loadIssues, ROOT } from './helpers.js';

const MAPPING_KEYS = 'the keys allowed here are: did, servers, group, notes';
const COMMA = 'remove the ","; the platform stores this text as name:<value> and a "," breaks its reads';

/** [case, paths, the `file:line:col: message` lines expected, in order]. */
const CASES: [string, string[], string[]][] = [
  [
    'YAML syntax error',
    [`${F}/yaml-syntax-error.yaml`],
    [`${F}/yaml-syntax-error.yaml:5:3: syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]`],
  ],
  [
    'JSON syntax error',
    [`${F}/json-syntax-error.json`],
    [`${F}/json-syntax-error.json:6:1: JSON syntax error: found "}", but the "[" opened at line 3, column 23 is not closed yet`],
  ],
  // A .json file is strict JSON: what the YAML parser would let through is refused, at its place.
  [
    'JSON: a trailing comma',
    [`${F}/json-trailing-comma.json`],
    [`${F}/json-trailing-comma.json:4:40: JSON syntax error: a "," before "]": JSON allows no comma after the last item`],
  ],
  ['JSON: a comment', [`${F}/json-comment.json`], [`${F}/json-comment.json:3:3: JSON syntax error: comments are not allowed in JSON`]],
  [
    'JSON: single quotes',
    [`${F}/json-single-quotes.json`],
    [`${F}/json-single-quotes.json:3:26: JSON syntax error: keys in JSON take double quotes, not '`],
  ],
  [
    'JSON: a number DID with a leading zero',
    [`${F}/json-leading-zero-did.json`],
    [`${F}/json-leading-zero-did.json:3:33: JSON syntax error: a number in JSON cannot start with 0 (0044123)`],
  ],
  [
    'JSON: two values',
    [`${F}/json-two-values.json`],
    [`${F}/json-two-values.json:7:1: JSON syntax error: expected the end of the file, found "{"`],
  ],
  [
    'JSON: a duplicate key, at its place',
    [`${F}/json-duplicate-key.json`],
    [`${F}/json-duplicate-key.json:4:40: duplicate key "did" in this mapping`],
  ],
  [
    'several YAML documents',
    [`${F}/multiple-documents.yaml`],
    [`${F}/multiple-documents.yaml:3:1: the file holds more than one YAML document`],
  ],
  ['duplicate key', [`${F}/duplicate-key.yaml`], [`${F}/duplicate-key.yaml:5:5: duplicate key "did" in this mapping`]],
  [
    'unknown keys, one with a suggestion',
    [`${F}/unknown-key.yaml`],
    [
      `${F}/unknown-key.yaml:4:5: inbound_mappings[0] has an unknown key "sever"; did you mean "servers"?`,
      `${F}/unknown-key.yaml:9:5: outbound_routes[0] has an unknown key "colour"`,
    ],
  ],
  ['wrong type', [`${F}/wrong-type.yaml`], [`${F}/wrong-type.yaml:12:15: outbound_routes[2].priority must be an integer, not a string`]],
  [
    'wrong type in JSON',
    [`${F}/json-wrong-type.json`],
    [`${F}/json-wrong-type.json:4:32: inbound_mappings[0].servers must be a list, not a string`],
  ],
  [
    'top level not a mapping',
    [`${F}/not-a-mapping.yaml`],
    [`${F}/not-a-mapping.yaml:1:1: the file must be a mapping (key: value), not a list`],
  ],
  [
    'empty collection value and empty entry',
    [`${F}/null-collection.yaml`],
    [
      `${F}/null-collection.yaml:2:18: inbound_mappings must be a list, not empty`,
      `${F}/null-collection.yaml:4:4: outbound_routes[0] must be a mapping (key: value), not empty`,
    ],
  ],
  [
    'missing required field',
    [`${F}/missing-required-field.yaml`],
    [`${F}/missing-required-field.yaml:3:5: outbound_routes[0].gwgroupid or carrier_group is required`],
  ],
  [
    'bad DID characters',
    [`${F}/bad-did-chars.yaml`],
    [`${F}/bad-did-chars.yaml:3:10: inbound_mappings[0].did: DID "155-123" may contain only the characters 0-9 + # *`],
  ],
  [
    'unquoted hex DID keeps its text and fails the DID rule',
    [`${F}/hex-did.yaml`],
    [`${F}/hex-did.yaml:3:10: inbound_mappings[0].did: DID "0x1F" may contain only the characters 0-9 + # *`],
  ],
  [
    'three servers',
    [`${F}/three-servers.yaml`],
    [`${F}/three-servers.yaml:4:14: inbound_mappings[0].servers must hold at most 2 entries, not 3`],
  ],
  [
    'gwgroupid "0", quoted and unquoted',
    [`${F}/gwgroupid-zero.yaml`],
    [
      `${F}/gwgroupid-zero.yaml:5:16: outbound_routes[0].gwgroupid must name a carrier group (not empty or "0")`,
      `${F}/gwgroupid-zero.yaml:8:16: outbound_routes[1].gwgroupid must name a carrier group (not empty or "0")`,
    ],
  ],
  ['comma in notes', [`${F}/comma-in-notes.yaml`], [`${F}/comma-in-notes.yaml:5:12: inbound_mappings[0].notes may not contain ","`]],
  [
    'comma in a route name',
    [`${F}/comma-in-route-name.yaml`],
    [`${F}/comma-in-route-name.yaml:3:11: outbound_routes[0].name may not contain ","`],
  ],
  [
    'duplicate DID within a file',
    [`${F}/duplicate-did.yaml`],
    [`${F}/duplicate-did.yaml:7:5: DID "155" is declared twice: also at ${F}/duplicate-did.yaml:3:5`],
  ],
  [
    'duplicate DID across two files (a directory)',
    [`${F}/duplicate-did-across-files`],
    [`${F}/duplicate-did-across-files/b.yaml:5:5: DID "155" is declared twice: also at ${F}/duplicate-did-across-files/a.yaml:3:5`],
  ],
  [
    'duplicate DID across two files (given one by one)',
    [`${F}/duplicate-did-across-files/b.yaml`, `${F}/duplicate-did-across-files/a.yaml`],
    [`${F}/duplicate-did-across-files/a.yaml:3:5: DID "155" is declared twice: also at ${F}/duplicate-did-across-files/b.yaml:5:5`],
  ],
  [
    'the same DID three times',
    [`${F}/duplicate-did.yaml`, `${F}/duplicate-did-across-files/a.yaml`],
    [
      `${F}/duplicate-did-across-files/a.yaml:3:5: DID "155" is declared 3 times: also at ${F}/duplicate-did.yaml:3:5, ${F}/duplicate-did.yaml:7:5`,
    ],
  ],
  [
    'duplicate route name',
    [`${F}/duplicate-route-name.yaml`],
    [`${F}/duplicate-route-name.yaml:6:5: route name "US domestic" is declared twice: also at ${F}/duplicate-route-name.yaml:3:5`],
  ],
  [
    'duplicate LCR pattern',
    [`${F}/duplicate-lcr-pattern.yaml`],
    [`${F}/duplicate-lcr-pattern.yaml:10:5: LCR pattern "1555-44" is declared twice: also at ${F}/duplicate-lcr-pattern.yaml:3:5`],
  ],
  [
    'duplicate pinned ruleid',
    [`${F}/duplicate-ruleid.yaml`],
    [`${F}/duplicate-ruleid.yaml:7:5: pinned ruleid 7 is declared twice: also at ${F}/duplicate-ruleid.yaml:3:5`],
  ],
  [
    'LCR route with an empty prefix',
    [`${F}/empty-prefix-lcr.yaml`],
    [`${F}/empty-prefix-lcr.yaml:4:13: outbound_routes[0].prefix must not be empty on an LCR route (from_prefix "1555")`],
  ],
  [
    'unset ${VAR}',
    [`${F}/unset-variable.yaml`],
    [
      `${F}/unset-variable.yaml:3:10: inbound_mappings[0].did uses \${MAIN_DID}, but the environment variable MAIN_DID is not set`,
      `${F}/unset-variable.yaml:5:12: inbound_mappings[0].notes uses \${DSIPFORM_TEST_UNSET}, but the environment variable DSIPFORM_TEST_UNSET is not set`,
    ],
  ],
  [
    'malformed ${',
    [`${F}/malformed-variable.yaml`],
    [`${F}/malformed-variable.yaml:5:12: inbound_mappings[0].notes has a "\${" that does not start a variable like \${NAME}`],
  ],
  [
    'policy in two files',
    [`${F}/policy-in-two-files`],
    [`${F}/policy-in-two-files/b.yaml:3:1: policy is declared in more than one file: also at ${F}/policy-in-two-files/a.yaml:2:1`],
  ],
  ['missing version', [`${F}/missing-version.yaml`], [`${F}/missing-version.yaml:2:1: version is required`]],
  ['empty file', [`${F}/empty.yaml`], [`${F}/empty.yaml:1:1: the file is empty`]],
  ['file of comments only', [`${F}/comments-only.yaml`], [`${F}/comments-only.yaml:1:1: the file is empty`]],
  ['missing path', [`${F}/no-such-file.yaml`], [`${F}/no-such-file.yaml:1:1: no such file or directory`]],
  ['empty directory', [`${F}/empty-directory`], [`${F}/empty-directory:1:1: directory holds no *.yaml, *.yml or *.json file`]],
  ['another extension', [`${F}/wrong-extension.txt`], [`${F}/wrong-extension.txt:1:1: not a .yaml, .yml or .json file`]],
  ['alias that contains itself', [`${F}/alias-loop.yaml`], [`${F}/alias-loop.yaml:5:5: alias *loop refers to itself`]],
  ['aliases that explode', [`${F}/billion-laughs.yaml`], [`${F}/billion-laughs.yaml:2:28: aliases expand this file beyond a sane size`]],
  // Found by the properties (properties.test.ts): each shrunk counterexample, kept as a fixture.
  [
    'a control character in a key is escaped, so the issue stays one line',
    [`${F}/control-character-key.yaml`],
    [`${F}/control-character-key.yaml:2:1: the file has an unknown key "\\u000d"`],
  ],
  [
    'a control character in a DID is escaped',
    [`${F}/control-character-did.json`],
    [
      `${F}/control-character-did.json:1:1: version is required`,
      `${F}/control-character-did.json:3:5: inbound_mappings[0].servers or group is required`,
      `${F}/control-character-did.json:4:14: inbound_mappings[0].did: DID "a\\u0000b" may contain only the characters 0-9 + # *`,
    ],
  ],
  [
    'syntax errors below a scalar the parser recovers keep their lines',
    [`${F}/indented-first-line.yaml`],
    [
      `${F}/indented-first-line.yaml:2:1: syntax error: Unexpected scalar at node end`,
      `${F}/indented-first-line.yaml:2:17: syntax error: Unexpected map-value-ind token in YAML stream: ":"`,
      `${F}/indented-first-line.yaml:3:1: syntax error: Unexpected scalar token in YAML stream: "version"`,
      `${F}/indented-first-line.yaml:3:8: syntax error: Unexpected map-value-ind token in YAML stream: ":"`,
      `${F}/indented-first-line.yaml:3:10: syntax error: Unexpected scalar token in YAML stream: "1\\n    servers"`,
      `${F}/indented-first-line.yaml:4:12: syntax error: Unexpected map-value-ind token in YAML stream: ":"`,
      `${F}/indented-first-line.yaml:4:14: syntax error: Unexpected flow-seq-start token in YAML stream: "["`,
      `${F}/indented-first-line.yaml:4:15: syntax error: Unexpected double-quoted-scalar token in YAML stream: "\\"66\\""`,
      `${F}/indented-first-line.yaml:4:19: syntax error: Unexpected flow-seq-end token in YAML stream: "]"`,
    ],
  ],
  [
    'mappings in policy.protect (the schema check compared them and threw)',
    [`${F}/protect-mappings.json`],
    [
      `${F}/protect-mappings.json:1:1: version is required`,
      `${F}/protect-mappings.json:4:7: policy.protect[0] must be one of: inbound_mappings, outbound_routes, endpoint_leases, carrier_groups, endpoint_groups, numbers`,
      `${F}/protect-mappings.json:5:7: policy.protect[1] must be one of: inbound_mappings, outbound_routes, endpoint_leases, carrier_groups, endpoint_groups, numbers`,
    ],
  ],
  [
    "a priority beyond the platform's signed 32-bit range, also beyond 2^53 (digits as written)",
    [`${F}/priority-out-of-range.yaml`],
    [
      `${F}/priority-out-of-range.yaml:6:15: outbound_routes[0].priority 9007199254740993 is outside the platform's range (-2147483648 to 2147483647)`,
      `${F}/priority-out-of-range.yaml:10:15: outbound_routes[1].priority 2147483648 is outside the platform's range (-2147483648 to 2147483647)`,
      `${F}/priority-out-of-range.yaml:22:15: outbound_routes[4].priority -2147483649 is outside the platform's range (-2147483648 to 2147483647)`,
    ],
  ],
  [
    'a priority beyond 2^53 in a .json file (digits as written)',
    [`${F}/priority-out-of-range.json`],
    [
      `${F}/priority-out-of-range.json:4:75: outbound_routes[0].priority 9007199254740993 is outside the platform's range (-2147483648 to 2147483647)`,
    ],
  ],
  [
    'merge keys: an issue in a merged value points where the value is written, naming each entry that took it',
    [`${F}/merge-keys-bad-value.yaml`],
    [
      `${F}/merge-keys-bad-value.yaml:5:21: inbound_mappings[0].servers[1]: server "x" must be a gateway id like "66" or a carrier group like "#22"`,
      `${F}/merge-keys-bad-value.yaml:5:21: inbound_mappings[1].servers[1]: server "x" must be a gateway id like "66" or a carrier group like "#22"`,
      `${F}/merge-keys-bad-value.yaml:5:21: inbound_mappings[3].servers[1]: server "x" must be a gateway id like "66" or a carrier group like "#22"`,
      `${F}/merge-keys-bad-value.yaml:13:5: inbound_mappings[3] has an unknown key "colour"`,
      `${F}/merge-keys-bad-value.yaml:14:5: inbound_mappings[4].servers or group is required`,
      `${F}/merge-keys-bad-value.yaml:14:9: a merge key (<<) takes a mapping or a list of mappings, like <<: *base`,
    ],
  ],
  [
    'a merge key that merges its own mapping',
    [`${F}/merge-key-loop.yaml`],
    [`${F}/merge-key-loop.yaml:6:9: a merge key (<<) merges a mapping into itself`],
  ],
  [
    'merge keys that multiply (each level merges the last ten times)',
    [`${F}/merge-key-bomb.yaml`],
    [`${F}/merge-key-bomb.yaml:3:45: merge keys expand this file beyond a sane size`],
  ],
  [
    'several issues in one file, all reported in order',
    [`${F}/several-issues.yaml`],
    [
      `${F}/several-issues.yaml:3:10: inbound_mappings[0].did: DID "12a" may contain only the characters 0-9 + # *`,
      `${F}/several-issues.yaml:4:14: inbound_mappings[0].servers must hold at least 1 entry, not 0`,
      `${F}/several-issues.yaml:5:12: inbound_mappings[0].notes may not contain ","`,
      `${F}/several-issues.yaml:6:5: DID "12a" is declared twice: also at ${F}/several-issues.yaml:3:5`,
      `${F}/several-issues.yaml:6:10: inbound_mappings[1].did: DID "12a" may contain only the characters 0-9 + # *`,
      `${F}/several-issues.yaml:7:19: inbound_mappings[1].servers[1]: server "x" must be a gateway id like "66" or a carrier group like "#22"`,
      `${F}/several-issues.yaml:8:5: inbound_mappings[1] has an unknown key "note"; did you mean "notes"?`,
      `${F}/several-issues.yaml:11:13: outbound_routes[0].prefix must not be empty on an LCR route (from_prefix "9")`,
      `${F}/several-issues.yaml:13:16: outbound_routes[0].gwgroupid must name a carrier group (not empty or "0")`,
      `${F}/several-issues.yaml:14:15: outbound_routes[0].priority must be an integer, not a number`,
      `${F}/several-issues.yaml:15:13: outbound_routes[0].ruleid must be at least 1`,
      `${F}/several-issues.yaml:17:16: policy.max_deletes must be at most 100%`,
      `${F}/several-issues.yaml:18:31: policy.protect[1] must be one of: inbound_mappings, outbound_routes, endpoint_leases, carrier_groups, endpoint_groups, numbers`,
      `${F}/several-issues.yaml:20:23: policy.ignore.inbound_mappings must be a list, not a string`,
    ],
  ],
  [
    'issues of several files and paths, sorted by the order given',
    [`${F}/three-servers.yaml`, `${F}/no-such-file.yaml`, `${F}/bad-did-chars.yaml`],
    [
      `${F}/three-servers.yaml:4:14: inbound_mappings[0].servers must hold at most 2 entries, not 3`,
      `${F}/no-such-file.yaml:1:1: no such file or directory`,
      `${F}/bad-did-chars.yaml:3:10: inbound_mappings[0].did: DID "155-123" may contain only the characters 0-9 + # *`,
    ],
  ],
];

describe('broken desired-state files: every issue, at its line and column', () => {
  it.each(CASES)('%s', async (_case, paths, expected) => {
    const issues = await loadIssues(paths);
    expect(headLines(issues)).toEqual(expected);
  });

  it.each(CASES)('%s: every issue says what to do', async (_case, paths) => {
    const result = await load(paths);
    expect(result.ok).toBe(false);
    if (!result.ok) for (const issue of result.issues) expect(issue.hint, issue.message).toMatch(/\S/);
  });
});

/** The variables of substituted-bad-value.yaml; API_TOKEN's name looks secret, so its value is never shown. */
const BAD_VALUES: NodeJS.ProcessEnv = {
  MY_DID: '12a',
  AREA: '55x',
  GATEWAY: 'g1',
  NOTES: 'a,b',
  SAME_DID: '155',
  API_TOKEN: 'tok,en-3f9a',
};

describe('a bad value from ${NAME}: the issue shows the value and names the variable', () => {
  it('words each issue with the value and where it came from', async () => {
    const F2 = `${F}/substituted-bad-value.yaml`;
    expect(headLines(await loadIssues([F2], BAD_VALUES))).toEqual([
      `${F2}:3:10: inbound_mappings[0].did: DID "12a" (from \${MY_DID}) may contain only the characters 0-9 + # *`,
      `${F2}:5:10: inbound_mappings[1].did: DID "+155x" (from "+1\${AREA}") may contain only the characters 0-9 + # *`,
      `${F2}:6:15: inbound_mappings[1].servers[0]: server "g1" (from \${GATEWAY}) must be a gateway id like "66" or a carrier group like "#22"`,
      `${F2}:7:12: inbound_mappings[1].notes may not contain "," ("a,b" from \${NOTES})`,
      `${F2}:10:12: inbound_mappings[2].notes may not contain "," (from \${API_TOKEN})`,
      `${F2}:11:5: DID "155" (from \${SAME_DID}) is declared twice: also at ${F2}:8:5`,
    ]);
  });

  it('never shows the value of a variable whose name looks secret', async () => {
    const issues = await loadIssues([`${F}/substituted-bad-value.yaml`], BAD_VALUES);
    expect(issues.join('\n')).not.toContain('tok,en');
  });
});

describe('nesting that exhausts the parser', () => {
  it('is one issue on the line of the nesting (its column depends on the stack size), not a JS error', async () => {
    const issues = await loadIssues([`${F}/deep-nesting.yaml`]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(new RegExp(`^${F}/deep-nesting\\.yaml:2:\\d+: lists or mappings are nested too deeply to read\\n  hint: `));
  });
});

describe('a line of garbage', () => {
  it('lists the first 20 YAML problems and counts the rest, placed where they start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-garbage-'));
    const file = join(dir, 'garbage.yaml');
    writeFileSync(file, `version: 1\nx: ${']'.repeat(5_000)}\n`);
    const issues = headLines(await loadIssues([file]));
    expect(issues).toHaveLength(21);
    expect(issues[0]).toBe(`${file}:2:4: syntax error: Unexpected flow-seq-end token in YAML stream: "]"`);
    expect(issues[19]).toBe(`${file}:2:23: syntax error: Unexpected flow-seq-end token in YAML stream: "]"`);
    expect(issues[20]).toBe(`${file}:2:24: and 4980 more YAML problems from here on, not listed`);
  });
});

describe('hints', () => {
  it.each([
    [`${F}/unknown-key.yaml`, 0, MAPPING_KEYS],
    [`${F}/bad-did-chars.yaml`, 0, 'use only 0-9 + # * in a DID, and quote it: did: "+15551230001"'],
    [`${F}/comma-in-notes.yaml`, 0, COMMA],
    [`${F}/comma-in-route-name.yaml`, 0, COMMA],
    [`${F}/missing-version.yaml`, 0, 'put "version: 1" at the top of the file'],
    [
      `${F}/missing-required-field.yaml`,
      0,
      'quote the carrier-group id: gwgroupid: "5"; or name the carrier group: carrier_group: "Carrier A"',
    ],
    [`${F}/empty-prefix-lcr.yaml`, 0, 'give the LCR route a prefix (prefix: "44"), or remove from_prefix to make it a simple route'],
    [`${F}/unset-variable.yaml`, 0, 'set it before running (export MAIN_DID=...), or write $${MAIN_DID} for a literal "${MAIN_DID}"'],
  ])('%s issue %i: %s', async (path, index, hint) => {
    const issues = await loadIssues([path]);
    expect(issues[index]?.split('\n')[1]).toBe(`  hint: ${hint}`);
  });

  // The registry's collections, every one: the hint once listed four (no endpoint_groups, numbers,
  // routing_tests or invariants) while the files took ten keys.
  it('an empty file is told every top-level key the files take', async () => {
    const [issue] = await loadIssues([`${F}/empty.yaml`]);
    const hint = issue?.split('\n')[1] ?? '';
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/dsipform.schema.json'), 'utf8')) as { properties: object };
    for (const key of Object.keys(schema.properties)) expect(hint).toContain(key === 'version' ? '"version: 1"' : key);
  });

  it('a misspelt key is not also reported as missing', async () => {
    const issues = await loadIssues([`${F}/unknown-key.yaml`]);
    expect(issues.join('\n')).not.toMatch(/servers is required/);
  });
});
