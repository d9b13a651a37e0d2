import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';

/*
 * Generators of desired-state files for the property tests: random text, YAML-significant token
 * soup, deep nesting, values shaped like a desired state, and edits of valid files.
 */

/** The variables the generated files may name; SECRET must never appear in an issue. */
export const ENV: NodeJS.ProcessEnv = {
  DID: '15551230001',
  EMPTY: '',
  COMMA: '1,2',
  SECRET: 's3cr3t-value-9431',
  MAIN_DID: '15551230001',
  PRIMARY: '66',
  PERIOD: 'minute',
  LEASE_EMAIL: 'ops@example.com',
  LEASE_TTL: '15m',
  LEASE_RENEW: '2m',
};

/** Text a user, an editor or a bad merge could put into a YAML file. */
const SNIPPETS = [
  '${DID}',
  '${SECRET}',
  '${UNSET_VAR}',
  '${EMPTY}',
  '${COMMA}',
  '$${',
  '${',
  '${1BAD}',
  '$${DID}',
  '&a ',
  '*a',
  '*b',
  '&a [1, 2]',
  '<<: *a',
  '!!binary ',
  '!!str ',
  '!!int ',
  '!!float ',
  '!!map ',
  '!!seq ',
  '!!set ',
  '!!timestamp ',
  '!local ',
  '!<tag:x> ',
  '0x1F',
  '1e5',
  '0o17',
  '0b101',
  '-0',
  '.inf',
  '-.inf',
  '.nan',
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '9007199254740993',
  '~',
  'null',
  'true',
  'yes',
  '',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  ': ',
  '- ',
  '-',
  ':',
  '#',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '? ',
  '|',
  '>',
  '---\n',
  '...\n',
  '%YAML 1.2\n',
  '\u0000',
  '\u001b[31m',
  '\uFEFF',
  '\u2028',
  '\u0085',
  'é',
  '🙂',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(5000),
  'version: 1\n',
  'version: 2\n',
  'policy: {}\n',
  'policy:\n  max_deletes: 250%\n',
  'inbound_mappings:\n',
  'outbound_routes:\n',
  'endpoint_leases:\n  - name: x\n    email: a@b.c\n    ttl: 1e5\n',
  '  - did: ',
  '    servers: ',
  '    ttl: ',
  '    renew_before: ',
  '    ruleid: ',
  '    priority: ',
  '    from_prefix: ',
  '    gwgroupid: ',
  '    name: ',
  '    email: ',
];

export const snippet = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SNIPPETS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

/** One random edit of a file: on characters, or on whole lines. */
export const edit = fc.record({
  op: fc.constantFrom('delete', 'insert', 'replace', 'duplicate-line', 'swap-lines', 'delete-line', 'indent'),
  at: fc.nat(),
  other: fc.nat(),
  len: fc.integer({ min: 1, max: 8 }),
  text: snippet,
});
export type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

export function applyEdit(text: string, e: Edit): string {
  const i = text.length === 0 ? 0 : e.at % (text.length + 1);
  const lines = text.split('\n');
  const l = e.at % lines.length;
  const m = e.other % lines.length;
  switch (e.op) {
    case 'delete':
      return text.slice(0, i) + text.slice(i + e.len);
    case 'insert':
      return text.slice(0, i) + e.text + text.slice(i);
    case 'replace':
      return text.slice(0, i) + e.text + text.slice(i + e.len);
    case 'duplicate-line':
      lines.splice(l, 0, lines[l] as string);
      return lines.join('\n');
    case 'swap-lines':
      [lines[l], lines[m]] = [lines[m] as string, lines[l] as string];
      return lines.join('\n');
    case 'delete-line':
      lines.splice(l, 1);
      return lines.join('\n');
    case 'indent':
      lines[l] = (e.other % 3 === 0 ? '\t' : ' '.repeat(e.other % 9)) + (lines[l] as string).trimStart();
      return lines.join('\n');
  }
  return text;
}

/** Text made of YAML-significant pieces, more likely than arbitrary text to get past the parser. */
export const tokenSoup = fc.array(snippet, { maxLength: 40 }).map((parts) => parts.join(''));

/**
 * Arbitrary text: any code point, control characters and tabs, sometimes one very long line (up to
 * 50,000 characters). Not longer: the YAML parser takes about a second per 100,000 characters of
 * garbage, and a run that drew many such lines outlasted the test's time limit (once, in 106 s).
 */
export const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 1_000, max: 50_000 }))
    .map(([s, n]) => `version: 1\nx: ${s.repeat(Math.ceil(n / s.length))}`),
);

/** Nesting deep enough to exhaust the parser's stack: brackets, closed or not, or indentation. */
export const deepNesting = fc
  .tuple(fc.constantFrom('[', '{a: ', '- ', '? ', 'indent'), fc.integer({ min: 1, max: 4_000 }), fc.boolean())
  .map(([open, depth, closed]) => {
    if (open === 'indent') return `version: 1\nx:\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`;
    const close = open === '[' ? ']' : open === '{a: ' ? '}' : '';
    return `version: 1\ninbound_mappings: ${open.repeat(depth)}${closed ? close.repeat(depth) : ''}\n`;
  });

/** A value where a field is expected: mostly plausible, sometimes any JSON value. */
const plausible = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
export const words = fc.oneof(
  fc.constantFrom(
    '155',
    '0044',
    '+1555',
    '#2',
    '66',
    '',
    '0',
    '1,2',
    '${DID}',
    '${SECRET}',
    '${UNSET}',
    '$${x}',
    '${',
    'a\u0000b',
    '15m',
    '100%',
    '250%',
    'Default*',
  ),
  fc.string({ maxLength: 8 }),
);
const opt = { requiredKeys: [] as [] };
const mapping = fc.record({ did: plausible(words), servers: plausible(fc.array(words, { maxLength: 3 })), notes: plausible(words) }, opt);
const route = fc.record(
  {
    name: plausible(words),
    prefix: plausible(words),
    from_prefix: plausible(words),
    gwgroupid: plausible(words),
    priority: plausible(fc.integer()),
    timerec: plausible(words),
    routeid: plausible(words),
    ruleid: plausible(fc.integer({ min: -2, max: 20 })),
  },
  opt,
);
const duration = fc.oneof(
  fc.integer({ min: -5, max: 4_000_000_000 }),
  fc.constantFrom('15m', '0', '1h', '2m', '99999999999999999999h', 'x'),
);
const lease = fc.record(
  {
    name: plausible(words),
    email: plausible(fc.constantFrom('ops@example.com', 'x', '', 'a@b')),
    ttl: plausible(duration),
    renew_before: plausible(duration),
  },
  opt,
);
const collection = fc.constantFrom('inbound_mappings', 'outbound_routes', 'endpoint_leases', 'x');
const policy = fc.record(
  {
    max_deletes: plausible(fc.oneof(fc.nat(), fc.constantFrom('20%', '101%', '12.5%', 'x'))),
    protect: plausible(fc.array(collection, { maxLength: 3 })),
    ignore: plausible(fc.dictionary(collection, fc.array(words, { maxLength: 2 }), { maxKeys: 3 })),
  },
  opt,
);
/** A value shaped like a desired state, with wrong types and bad values here and there. */
export const desiredShaped = fc.record(
  {
    version: plausible(fc.constant(1)),
    inbound_mappings: plausible(fc.array(mapping, { maxLength: 4 })),
    outbound_routes: plausible(fc.array(route, { maxLength: 4 })),
    endpoint_leases: plausible(fc.array(lease, { maxLength: 3 })),
    policy: plausible(policy),
  },
  opt,
);

/** A JSON value, written as JSON or as YAML. */
export const serialized = (value: fc.Arbitrary<unknown>): fc.Arbitrary<{ text: string; ext: string }> =>
  fc.tuple(value, fc.constantFrom('json', 'yaml')).map(([v, ext]) => ({
    ext,
    text: ext === 'json' ? (JSON.stringify(v, null, 2) ?? 'null') : stringify(v),
  }));

/** Files that may seed `edit`s (those that load cleanly), relative to the repository root. */
export function seedCandidates(root: string, fixtures: string): string[] {
  return [
    ...readdirSync(join(root, fixtures))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `${fixtures}/${f}`),
    ...[
      'basic/platform.yaml',
      'lcr/lcr.yaml',
      'leases/leases.yaml',
      'multi-file/inbound.yaml',
      'multi-file/outbound.yaml',
      'multi-file/policy.yaml',
    ].map((f) => `examples/${f}`),
  ];
}
