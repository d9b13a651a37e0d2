import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { F, ROOT, load, loadIssues, loadOk } from './helpers.js';

describe('a valid file', () => {
  it('loads the issue example into the desired state, origins on every entry', async () => {
    const file = `${F}/basic.yaml`;
    expect(await loadOk([file])).toEqual({
      inbound_mappings: [
        { did: '15551230001', servers: ['66', '67'], notes: 'Main office', origin: { file, line: 4, col: 5 } },
        { did: '', servers: ['#2'], notes: '', origin: { file, line: 7, col: 5 } },
      ],
      outbound_routes: [
        {
          name: 'US domestic',
          prefix: '1',
          from_prefix: null,
          gwgroupid: '2',
          priority: 10,
          timerec: '',
          routeid: '',
          origin: { file, line: 10, col: 5 },
        },
        {
          name: 'UK from our 1555 numbers',
          prefix: '44',
          from_prefix: '1555',
          gwgroupid: '5',
          priority: 0,
          timerec: '',
          routeid: '',
          origin: { file, line: 14, col: 5 },
        },
      ],
      policy: {
        max_deletes: { count: 10 },
        protect: ['inbound_mappings'],
        ignore: { inbound_mappings: ['1800*'], outbound_routes: ['Default Outbound Route'], endpoint_leases: [] },
      },
      files: [file],
    });
  });

  it('fills defaults: priority 0, timerec/routeid/notes "", from_prefix "" → null, gwgroupid without #', async () => {
    const desired = await loadOk([`${F}/defaults.yaml`]);
    expect(desired.inbound_mappings?.map(({ origin: _, ...m }) => m)).toEqual([{ did: '155', servers: ['66'], notes: '' }]);
    expect(desired.outbound_routes?.map(({ origin: _, ...r }) => r)).toEqual([
      { name: 'Simple', prefix: '1', from_prefix: null, gwgroupid: '2', priority: 0, timerec: '', routeid: '' },
      { name: 'Empty from_prefix is simple', prefix: '2', from_prefix: null, gwgroupid: '3', priority: 0, timerec: '', routeid: '' },
      {
        name: 'Pinned',
        prefix: '3',
        from_prefix: null,
        gwgroupid: '4',
        priority: -1,
        timerec: '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR',
        routeid: 'r1',
        ruleid: 12,
      },
    ]);
    expect(desired.outbound_routes?.[0]).not.toHaveProperty('ruleid');
    expect(desired.policy).toEqual({ protect: [], ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: [] } });
    expect(desired.policy).not.toHaveProperty('max_deletes');
  });

  it.each([
    [`${F}/max-deletes-count.yaml`, { count: 0 }],
    [`${F}/max-deletes-percent.yaml`, { percent: 12.5 }],
    [`${F}/basic.yaml`, { count: 10 }],
    [`${F}/merge-directory`, { percent: 20 }],
  ])('max_deletes of %s is %j', async (path, limit) => {
    expect((await loadOk([path])).policy.max_deletes).toEqual(limit);
  });
});

describe('exact digits', () => {
  it('keeps the source text of unquoted numbers in string fields (no lost zeros, no octal, no sign lost)', async () => {
    const desired = await loadOk([`${F}/unquoted-numbers.yaml`]);
    expect(desired.inbound_mappings?.map((m) => [m.did, m.servers])).toEqual([
      ['0044123', ['66', '0067']],
      ['+15551230001', ['#2']],
    ]);
    expect(desired.outbound_routes?.[0]).toMatchObject({
      name: '911',
      prefix: '0044',
      from_prefix: '01555',
      gwgroupid: '5',
      routeid: '007',
    });
    expect(desired.policy.ignore.inbound_mappings).toEqual(['1800']);
  });

  it('keeps the digits of a number DID in a .json file (strict JSON, read as today)', async () => {
    const desired = await loadOk([`${F}/json-number-did.json`]);
    expect(desired.inbound_mappings?.map((m) => m.did)).toEqual(['15551230001', '12345678901234567890']);
  });

  it('reads did: 0x1F as the text "0x1F", which the DID rule then rejects (not as 31)', async () => {
    const [issue] = await loadIssues([`${F}/hex-did.yaml`]);
    expect(issue).toContain('DID "0x1F" may contain only the characters 0-9 + # *');
  });
});

describe('${NAME} substitution', () => {
  const env = { MAIN_DID: '15551230001', PRIMARY: '66', PERIOD: 'month' };

  it('takes each variable from the environment; $${X} stays a literal ${X}', async () => {
    const desired = await loadOk([`${F}/env-substitution.yaml`], env);
    expect(desired.inbound_mappings?.[0]).toMatchObject({ did: '15551230001', servers: ['66', '67'], notes: 'costs ${AMOUNT} per month' });
  });

  it('uses process.env when no env is given', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const result = await loadDesiredState([`${F}/env-substitution.yaml`], { cwd: ROOT });
      expect(result.ok && result.desired.inbound_mappings?.[0]?.did).toBe('15551230001');
    } finally {
      for (const key of Object.keys(env)) if (!(key in saved)) delete process.env[key];
    }
  });

  it('checks a substituted value with the rules, and never shows the value in any issue', async () => {
    const secrets = {
      SECRET_DID: 'tok-DID-4f1a',
      SECRET_SERVER: 'tok-SRV-88c2',
      SECRET_NOTES: 'tok,NOTES-77e0',
      SECRET_NAME: 'tok,NAME-19bd',
      SECRET_PREFIX: 'tok-PFX-5a6e',
      SECRET_FROM: 'tok-FROM-0c3d',
      SECRET_GROUP: 'tok-GRP-e2f9',
    };
    const issues = await loadIssues([`${F}/secret-in-errors.yaml`], secrets);
    expect(issues).toHaveLength(14);
    for (const text of issues) for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    expect(issues[0]).toMatch(/:3:10: inbound_mappings\[0\]\.did: DID "\$\{SECRET_DID\}" may contain only the characters 0-9 \+ # \*$/m);
    expect(issues.some((t) => t.includes('LCR pattern "${SECRET_FROM}-${SECRET_PREFIX}" is declared twice'))).toBe(true);
  });

  it('an empty variable is set (to "")', async () => {
    const desired = await loadOk([`${F}/env-substitution.yaml`], { ...env, MAIN_DID: '' });
    expect(desired.inbound_mappings?.[0]?.did).toBe('');
  });
});

describe('several files', () => {
  it('merges a directory in name order, reading only *.yaml|*.yml|*.json', async () => {
    const dir = `${F}/merge-directory`;
    const desired = await loadOk([dir]);
    expect(desired.files).toEqual([`${dir}/10-inbound.yaml`, `${dir}/20-routes.yaml`, `${dir}/30-more-inbound.json`]);
    expect(desired.inbound_mappings?.map((m) => [m.did, m.origin])).toEqual([
      ['155', { file: `${dir}/10-inbound.yaml`, line: 3, col: 5 }],
      ['156', { file: `${dir}/30-more-inbound.json`, line: 4, col: 5 }],
    ]);
    expect(desired.outbound_routes?.map((r) => [r.name, r.gwgroupid])).toEqual([['US domestic', '2']]);
  });

  it('keeps relative paths as given and reads a file reached twice once', async () => {
    const desired = await loadOk([`./${F}/merge-directory/`, `${F}/merge-directory/10-inbound.yaml`]);
    expect(desired.files).toEqual([
      `./${F}/merge-directory/10-inbound.yaml`,
      `./${F}/merge-directory/20-routes.yaml`,
      `./${F}/merge-directory/30-more-inbound.json`,
    ]);
  });

  it('a collection no file declares stays undefined; one declared as [] is managed and empty', async () => {
    const desired = await loadOk([`${F}/undeclared-collection.yaml`]);
    expect(desired.inbound_mappings).toBeUndefined();
    expect(desired).not.toHaveProperty('inbound_mappings');
    expect(desired.outbound_routes).toEqual([]);
  });

  it('a collection declared in one file of several is managed', async () => {
    const desired = await loadOk([`${F}/undeclared-collection.yaml`, `${F}/max-deletes-count.yaml`]);
    expect(desired.outbound_routes).toEqual([]);
    expect(desired.inbound_mappings).toBeUndefined();
    expect(desired.policy.max_deletes).toEqual({ count: 0 });
  });

  it('anchors and aliases work', async () => {
    const desired = await loadOk([`${F}/aliases.yaml`]);
    expect(desired.inbound_mappings?.map((m) => m.servers)).toEqual([
      ['66', '67'],
      ['66', '67'],
    ]);
  });

  it('merge keys (<<: *base, <<: [*a]) lend the keys an entry does not write itself', async () => {
    const file = `${F}/merge-keys.yaml`;
    const desired = await loadOk([file]);
    expect(desired.inbound_mappings?.map((m) => [m.did, m.servers, m.notes, m.origin?.line])).toEqual([
      ['15551230001', ['66', '67'], 'Main office', 4],
      ['15551230002', ['66', '67'], 'Main office', 7],
      ['15551230003', ['66', '67'], 'Branch office', 9],
    ]);
    expect(desired.outbound_routes?.map((r) => [r.name, r.prefix, r.gwgroupid, r.priority])).toEqual([
      ['US domestic', '1', '2', 10],
      ['US toll-free', '1800', '2', 10],
    ]);
  });

  it('no path at all is an issue, not a throw', async () => {
    expect(await loadIssues([])).toEqual([
      'no desired-state file given\n  hint: pass one or more *.yaml, *.yml or *.json files or directories',
    ]);
  });
});

describe('a large generated file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsipform-config-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads 20,000 mappings with their exact digits and origins', async () => {
    const lines = ['version: 1', 'inbound_mappings:'];
    for (let i = 0; i < 20_000; i++) {
      lines.push(`  - did: 0${String(i).padStart(10, '0')}`, `    servers: [66, "67"]`, `    notes: mapping ${i}`);
    }
    await writeFile(join(dir, 'large.yaml'), `${lines.join('\n')}\n`);
    const result = await loadDesiredState(['large.yaml'], { cwd: dir, env: {} });
    expect(result.ok).toBe(true);
    const mappings = result.ok ? (result.desired.inbound_mappings ?? []) : [];
    expect(mappings).toHaveLength(20_000);
    expect(mappings[19_999]).toEqual({
      did: '00000019999',
      servers: ['66', '67'],
      notes: 'mapping 19999',
      origin: { file: 'large.yaml', line: 3 + 3 * 19_999, col: 5 },
    });
  });

  it('reports an issue deep in a large file at its line', async () => {
    const lines = ['version: 1', 'inbound_mappings:'];
    for (let i = 0; i < 20_000; i++) lines.push(`  - did: "${i === 15_000 ? '15,000' : i}"`, `    servers: ["66"]`);
    await writeFile(join(dir, 'large-bad.yaml'), `${lines.join('\n')}\n`);
    expect(await loadDesiredState(['large-bad.yaml'], { cwd: dir, env: {} })).toMatchObject({
      ok: false,
      issues: [{ file: 'large-bad.yaml', line: 3 + 2 * 15_000, col: 10 }],
    });
  });
});

describe('load() never throws for expected failures', () => {
  it('an unreadable path is an issue', async () => {
    const result = await load([`${F}/empty-directory/.gitkeep`]);
    expect(result).toMatchObject({ ok: false, issues: [{ line: 1, col: 1, message: 'not a .yaml, .yml or .json file' }] });
  });
});

describe('routes that share a name', () => {
  it('are allowed when each pins its own live route, as export writes them', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    // eslint-disable-next-line @typescript-eslint/unbound-method -- path.join does not use `this`
    const { join } = await import('node:path');
    const { loadDesiredState } = await import('../../src/config/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-twins-'));
    const file = join(dir, 'twins.yaml');
    const twin = (ruleid: string, prefix: string) => `  - name: twin\n${ruleid}    prefix: "${prefix}"\n    gwgroupid: "5"\n`;
    writeFileSync(file, `version: 1\noutbound_routes:\n${twin('    ruleid: 6\n', '1')}${twin('    ruleid: 7\n', '2')}`);
    const pinned = await loadDesiredState([file]);
    expect(pinned.ok && pinned.desired.outbound_routes?.map((r) => r.ruleid)).toEqual([6, 7]);
    writeFileSync(file, `version: 1\noutbound_routes:\n${twin('', '1')}${twin('', '2')}`);
    const unpinned = await loadDesiredState([file]);
    expect(unpinned.ok).toBe(false);
    expect(!unpinned.ok && unpinned.issues[0]!.message).toMatch(/route name "twin" is declared twice/);
  });
});
