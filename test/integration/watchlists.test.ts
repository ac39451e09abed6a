import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../db/create-db';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { writeCguCsv } from '../support/registry-files';
import { ownDatabase } from '../support/database-roles';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestKey, createTestTenant } from '../support/tenants';

jest.setTimeout(240_000);

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', 'watchlists', name);
const lists = [
  {
    list: 'un',
    v1: 'un-consolidated-2026-11-01.xml',
    v2: 'un-consolidated-2026-11-15.xml',
    version1: '2026-11-01T10:00:00.000Z',
    version2: '2026-11-15T10:00:00.000Z',
    delisted: 'KPi.902',
    added: 'QDi.904',
  },
  {
    list: 'ofac_sdn',
    v1: 'ofac-sdn-2026-11-01.xml',
    v2: 'ofac-sdn-2026-11-15.xml',
    version1: '2026-11-01',
    version2: '2026-11-15',
    delisted: '990002',
    added: '990004',
  },
  {
    list: 'eu_fsf',
    v1: 'eu-fsf-2026-11-01.xml',
    v2: 'eu-fsf-2026-11-15.xml',
    version1: '2026-11-01T08:00:00.000Z',
    version2: '2026-11-15T08:00:00.000Z',
    delisted: '770002',
    added: '770003',
  },
] as const;

/** The JSON progress lines an import wrote on stderr (not a terminal here). */
const progressLines = (stderr: string): any[] =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .filter((l) => String(l.msg).startsWith('import '));

describe('watchlist imports through the ops CLI (a database of their own: list versions are global)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'watchlists-'));
  const database = `watchlists_${process.pid}_${Date.now()}`;
  const ownDb = ownDatabase(database);
  const env = ownDb.env;
  const own = createDb(env.DATABASE_URL, { poolMax: 2, applicationName: 'jest-watchlists' });
  beforeAll(async () => {
    await ownDb.create();
    expect((await runOps(['db', 'migrate', '--json'], env)).code).toBe(0);
  });
  afterAll(async () => {
    await own.destroy();
    rmSync(dir, { recursive: true, force: true });
    await ownDb.drop();
    await closeTestDb();
  });

  it.each(lists)(
    '$list: imports a version with progress; the same or an older version is a no-op that says so; a newer one replaces it and keeps the delisting',
    async (l) => {
      const importFile = (name: string) =>
        runOps(['import', 'watchlist', '--list', l.list, '--file', fixture(name), '--progress-interval', '0.1', '--json'], env);
      const first = await importFile(l.v1);
      expect(first.code).toBe(0);
      expect(first.json).toMatchObject({
        kind: l.list,
        list: l.list,
        outcome: 'imported',
        version: l.version1,
        previous_version: null,
        delisted: 0,
        message: `${l.list} version ${l.version1} imported`,
      });
      const lines = progressLines(first.stderr);
      expect(lines.filter((p) => p.msg === 'import phase started').map((p) => p.started)).toEqual(['stage', 'replace']);
      expect(lines.at(-1)).toMatchObject({
        msg: 'import progress done',
        kind: l.list,
        rows_read: first.json.rows_read,
        bytes_read: lines.at(-1).bytes_total,
      });

      const same = await importFile(l.v1);
      expect(same.json).toMatchObject({
        outcome: 'unchanged',
        message: `${l.list} version ${l.version1} is already the current one: nothing changed`,
        inserted: 0,
        updated: 0,
      });

      const second = await importFile(l.v2);
      expect(second.json).toMatchObject({
        outcome: 'imported',
        version: l.version2,
        previous_version: l.version1,
        delisted: 1,
        message: `${l.list} version ${l.version2} replaces ${l.version1}`,
      });
      expect(second.json.tables.watchlist_entries.inserted).toBe(1);

      const older = await importFile(l.v1);
      expect(older.json).toMatchObject({
        outcome: 'unchanged',
        message: `${l.list} version ${l.version1} is older than the current ${l.version2}: nothing changed`,
      });

      const versions = await own('watchlist_versions')
        .where({ list: l.list })
        .orderBy('published_at')
        .select('version', 'status', 'entries');
      expect(versions.map((v) => [v.version, v.status])).toEqual([
        [l.version1, 'superseded'],
        [l.version2, 'current'],
      ]);
      const delisted = await own('watchlist_entries')
        .where({ list: l.list, entry_id: l.delisted })
        .first('delisted_in_version', 'first_version', 'last_version', 'id');
      expect(delisted).toMatchObject({ delisted_in_version: l.version2, first_version: l.version1, last_version: l.version1 });
      expect(Number((await own('watchlist_names').where({ entry_id: delisted.id }).count('* as n'))[0].n)).toBeGreaterThan(0); // history keeps its names
      expect(
        await own('watchlist_entries').where({ list: l.list, entry_id: l.added }).first('first_version', 'delisted_in_version'),
      ).toEqual({ first_version: l.version2, delisted_in_version: null });
      expect(Number((await own('watchlist_entries').where({ list: l.list }).whereNull('delisted_in_version').count('* as n'))[0].n)).toBe(
        versions[1].entries,
      );
    },
  );

  it('refuses a file that is not the format, naming the element and line, and writes nothing', async () => {
    const counts = async () => ({
      versions: await own('watchlist_versions').select('list', 'version', 'status').orderBy(['list', 'version']),
      entries: Number((await own('watchlist_entries').count('* as n'))[0].n),
      names: Number((await own('watchlist_names').count('* as n'))[0].n),
    });
    const before = await counts();
    // A newer publication whose last entry is broken: nothing of it may land.
    const broken = path.join(dir, 'un-broken.xml');
    writeFileSync(
      broken,
      readFileSync(fixture('un-consolidated-2026-11-15.xml'), 'utf8')
        .replace('dateGenerated="2026-11-15T10:00:00.000Z"', 'dateGenerated="2026-12-01T10:00:00.000Z"')
        .replace('<REFERENCE_NUMBER>QDe.903</REFERENCE_NUMBER>', ''),
    );
    const refused = await runOps(['import', 'watchlist', '--list', 'un', '--file', broken, '--json'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /un-broken\.xml: not in the expected format: <ENTITY> at line \d+ \(CONSOLIDATED_LIST\/ENTITIES\/ENTITY\): REFERENCE_NUMBER is missing/,
    );

    const wrongList = await runOps(['import', 'watchlist', '--list', 'un', '--file', fixture('ofac-sdn-2026-11-15.xml'), '--json'], env);
    expect(wrongList.code).toBe(1);
    expect(wrongList.stderr).toMatch(/line \d+: the root element is <sdnList>, expected <CONSOLIDATED_LIST>/);

    const truncated = path.join(dir, 'eu-truncated.xml');
    writeFileSync(
      truncated,
      readFileSync(fixture('eu-fsf-2026-11-15.xml'), 'utf8')
        .replace('generationDate="2026-11-15', 'generationDate="2026-12-15')
        .slice(0, 1500),
    );
    const cut = await runOps(['import', 'watchlist', '--list', 'eu_fsf', '--file', truncated, '--json'], env);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/eu-truncated\.xml: not in the expected format: line \d+ \(in export\/sanctionEntity[^)]*\): /);
    expect(await counts()).toEqual(before);
  });

  it('imports CEPIM and CEAF as versioned CGU registers: a newer download delists what it no longer lists, the same one is a no-op', async () => {
    const cepimHeader = ['CNPJ ENTIDADE', 'NOME ENTIDADE', 'NÚMERO CONVÊNIO', 'ÓRGÃO CONCEDENTE', 'MOTIVO DO IMPEDIMENTO'];
    const november = writeCguCsv(path.join(dir, '20261101_CEPIM.csv'), cepimHeader, [
      ['11.222.333/0001-81', 'ASSOCIAÇÃO EXEMPLO', '880001', 'MINISTÉRIO DA SAÚDE', 'Omissão no dever de prestar contas'],
      ['11.444.777/0001-61', 'INSTITUTO FICTÍCIO', '880002', 'MINISTÉRIO DA CULTURA', 'Rejeição da prestação de contas'],
    ]);
    const december = writeCguCsv(path.join(dir, '20261201_CEPIM.csv'), cepimHeader, [
      ['11.222.333/0001-81', 'ASSOCIAÇÃO EXEMPLO', '880001', 'MINISTÉRIO DA SAÚDE', 'Omissão no dever de prestar contas'],
    ]);
    const cepim = (file: string) => runOps(['import', 'sanctions', '--list', 'cepim', '--file', file, '--json'], env);
    expect((await cepim(november)).json).toMatchObject({
      kind: 'cepim',
      outcome: 'imported',
      version: '2026-11-01',
      rejected: 0,
      tables: { sanctions: { inserted: 2 } },
    });
    expect((await cepim(november)).json).toMatchObject({
      outcome: 'unchanged',
      message: 'cepim version 2026-11-01 is already the current one: nothing changed',
      rows_read: 0,
    });
    expect((await cepim(december)).json).toMatchObject({
      outcome: 'imported',
      version: '2026-12-01',
      previous_version: '2026-11-01',
      delisted: 1,
    });
    expect(
      await own('sanctions')
        .where({ list_code: 'cepim' })
        .orderBy('process_number')
        .select('process_number', 'sanctioning_body', 'delisted_in_version'),
    ).toEqual([
      { process_number: '880001', sanctioning_body: 'MINISTÉRIO DA SAÚDE', delisted_in_version: null },
      { process_number: '880002', sanctioning_body: 'MINISTÉRIO DA CULTURA', delisted_in_version: '2026-12-01' },
    ]);
    expect(await own('watchlist_versions').where({ list: 'cepim', status: 'current' }).first('version', 'entries')).toEqual({
      version: '2026-12-01',
      entries: 1,
    });

    const ceaf = writeCguCsv(
      path.join(dir, 'ceaf-download.csv'),
      [
        'CADASTRO',
        'TIPO DE PESSOA',
        'CPF OU CNPJ DO SANCIONADO',
        'NOME DO SANCIONADO',
        'CATEGORIA DA SANÇÃO',
        'DATA PUBLICAÇÃO',
        'ÓRGÃO SANCIONADOR',
        'CARGO EFETIVO',
        'ÓRGÃO DE LOTAÇÃO',
      ],
      [['CEAF', 'F', '***.456.789-**', 'FULANO DE TAL', 'Demissão', '10/10/2025', 'MINISTÉRIO DA FAZENDA', 'AUDITOR', 'RECEITA FEDERAL']],
    );
    const unnamed = await runOps(['import', 'sanctions', '--list', 'ceaf', '--file', ceaf, '--json'], env);
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr).toMatch(
      /the CEAF version is the download's date: name the file YYYYMMDD_CEAF\.csv .* or pass --version YYYY-MM-DD/,
    );
    const given = await runOps(['import', 'sanctions', '--list', 'ceaf', '--file', ceaf, '--version', '2026-11-20', '--json'], env);
    expect(given.json).toMatchObject({ outcome: 'imported', version: '2026-11-20', rejected: 0 });
    expect(await own('sanctions').where({ list_code: 'ceaf' }).first('document', 'sanction_type', 'start_date', 'raw')).toEqual({
      document: '***456789**',
      sanction_type: 'Demissão',
      start_date: '2025-10-10',
      raw: expect.objectContaining({ position: 'AUDITOR', workplace: 'RECEITA FEDERAL' }),
    });
    const asCeis = await runOps(['import', 'sanctions', '--list', 'ceis', '--file', ceaf, '--json'], env);
    expect(asCeis.stderr).toMatch(/its header has CARGO EFETIVO, so it is a CEAF download: import it with --list ceaf/);

    // CEAF has also been published with the servant's own columns (docs/importers.md): the same register, read the same way.
    const servantHeader = writeCguCsv(
      path.join(dir, '20261201_CEAF.csv'),
      [
        'CPF SERVIDOR',
        'NOME SANCIONADO',
        'CATEGORIA DA SANÇÃO',
        'DATA PUBLICAÇÃO',
        'CARGO EFETIVO',
        'ÓRGÃO DE LOTAÇÃO',
        'NÚMERO DO PROCESSO',
        'FUNDAMENTAÇÃO LEGAL',
      ],
      [
        [
          '***.654.321-**',
          'BELTRANA DE SOUZA ÁVILA',
          'Cassação de aposentadoria',
          '05/11/2026',
          'TÉCNICA DO SEGURO SOCIAL',
          'INSS',
          '00123.000456/2026-11',
          'Lei 8.112/1990, art. 134',
        ],
      ],
    );
    expect(
      readFileSync(servantHeader).includes(Buffer.from('"CPF SERVIDOR";"NOME SANCIONADO";"CATEGORIA DA SAN\u00c7\u00c3O"', 'latin1')),
    ).toBe(true);
    const servant = await runOps(['import', 'sanctions', '--list', 'ceaf', '--file', servantHeader, '--json'], env);
    expect(servant.json).toMatchObject({
      outcome: 'imported',
      version: '2026-12-01',
      previous_version: '2026-11-20',
      rejected: 0,
      delisted: 1,
      tables: { sanctions: { inserted: 1 } },
    });
    expect(
      await own('sanctions')
        .where({ list_code: 'ceaf', document: '***654321**' })
        .first('name', 'sanction_type', 'start_date', 'process_number', 'raw'),
    ).toEqual({
      name: 'BELTRANA DE SOUZA ÁVILA',
      sanction_type: 'Cassação de aposentadoria',
      start_date: '2026-11-05',
      process_number: '00123.000456/2026-11',
      raw: expect.objectContaining({ position: 'TÉCNICA DO SEGURO SOCIAL', workplace: 'INSS' }),
    });
    const servantAsCeis = await runOps(['import', 'sanctions', '--list', 'ceis', '--file', servantHeader, '--json'], env);
    expect(servantAsCeis.stderr).toMatch(/its header has CARGO EFETIVO, so it is a CEAF download: import it with --list ceaf/);
  });
});

describe('POST /watchlists/match and GET /watchlists', () => {
  // The stack's database holds one UN list for every file: the v2 fixture is imported as a publication of
  // now, newer than whatever another file (analysis screening) made current, so its entries are the current ones.
  const unVersion = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  beforeAll(async () => {
    const freshUn = path.join(mkdtempSync(path.join(os.tmpdir(), 'watchlists-un-')), 'un.xml');
    writeFileSync(
      freshUn,
      readFileSync(fixture(lists.find((l) => l.list === 'un')!.v2), 'utf8').replace(
        'dateGenerated="2026-11-15T10:00:00.000Z"',
        `dateGenerated="${unVersion}"`,
      ),
    );
    for (const l of lists)
      expect(
        (await runOps(['import', 'watchlist', '--list', l.list, '--file', l.list === 'un' ? freshUn : fixture(l.v2), '--json'])).code,
      ).toBe(0);
  });
  afterAll(closeTestDb);

  const match = (apiKey: string, body: unknown) => request('POST', '/watchlists/match', { apiKey, body });

  it('runs the service pools without JIT (the candidate statement would compile for longer than it runs); the ops pool keeps the server default', async () => {
    const service = createDb(stackEnv().DATABASE_URL, { poolMax: 1, applicationName: 'jest-jit-service' });
    const ops = createDb(stackEnv().DATABASE_URL, { poolMax: 1, applicationName: 'jest-jit-ops', jit: true });
    try {
      expect((await service.raw('SHOW jit')).rows[0].jit).toBe('off');
      expect((await ops.raw('SHOW jit')).rows[0].jit).toBe('on');
    } finally {
      await Promise.all([service.destroy(), ops.destroy()]);
    }
  });

  it('finds a listed person by name, birth date and nationality, with each feature, the algorithm and the list versions', async () => {
    const tenant = await createTestTenant({ quotas: { watchlist_queries: 100 } });
    const response = await match(tenant.apiKey, {
      queries: {
        partner: { schema: 'person', name: 'Viktor Arkadyevich Morozov', birth_date: '1968-03-14', nationality: 'RU' },
        contradicted: { schema: 'person', name: 'Viktor Arkadyevich Morozov', birth_date: '1990-01-01', nationality: 'BR' },
        company: { schema: 'organization', name: 'Green Crescent Trading Co.' },
        delisted: { schema: 'person', name: 'Kim Chol Hwan', birth_date: '1961' },
        nobody: { schema: 'person', name: 'Maria Aparecida dos Santos' },
      },
    });
    expect(response.status).toBe(200);
    const { results, algorithm, lists: screened } = response.body;
    expect(algorithm).toEqual({ name: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    expect(screened).toEqual(
      expect.arrayContaining([
        { list: 'ofac_sdn', version: '2026-11-15', imported_at: expect.any(String) },
        expect.objectContaining({ list: 'un', version: unVersion }),
      ]),
    );
    const hit = results.partner.matches[0];
    expect(hit).toMatchObject({
      list: 'ofac_sdn',
      entry_id: '990001',
      schema: 'person',
      name: 'Viktor Arkadyevich MOROZOV',
      match: true,
      programs: ['RUSSIA-EO14024'],
      listed_on: null,
      list_version: '2026-11-15',
      features: { name: expect.any(Number), birth_date: 1, nationality: 1, document: null },
    });
    expect(hit.score).toBeGreaterThanOrEqual(0.7);
    expect(hit.explanation.length).toBeGreaterThanOrEqual(3);
    expect(results.partner.total).toBe(results.partner.matches.length);
    // The name agrees, birth date and nationality contradict: reported for review, never a match.
    expect(results.contradicted.matches[0]).toMatchObject({ entry_id: '990001', match: false });
    expect(results.contradicted.matches[0].features.birth_date).toBeLessThan(1);
    expect(results.company.matches[0]).toMatchObject({ list: 'un', entry_id: 'QDe.903', schema: 'organization', match: true });
    expect(results.delisted.matches.filter((m: any) => m.entry_id === 'KPi.902')).toEqual([]);
    expect(results.nobody).toEqual({ matches: [], total: 0 });

    const onlyEu = await match(tenant.apiKey, {
      queries: { q: { schema: 'person', name: 'Viktor Arkadyevich Morozov' } },
      lists: ['eu_fsf'],
    });
    expect(onlyEu.body.results.q.matches).toEqual([]);
    expect(onlyEu.body.lists.map((l: any) => l.list)).toEqual(['eu_fsf']);
  });

  it.each([
    ['no query', { queries: {} }, [{ loc: ['body', 'queries'], type: 'queries_count' }]],
    [
      '101 queries',
      { queries: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, { schema: 'person', name: 'Ana' }])) },
      [{ loc: ['body', 'queries'], type: 'queries_count' }],
    ],
    [
      'an unknown list',
      { queries: { a: { schema: 'person', name: 'Ana' } }, lists: ['interpol'] },
      [{ loc: ['body', 'lists', 0], type: 'invalid_value' }],
    ],
    [
      'a date that is no date',
      { queries: { a: { schema: 'person', name: 'Ana', birth_date: '1968-02-30' } } },
      [{ loc: ['body', 'queries', 'a', 'birth_date'], type: 'invalid_format' }],
    ],
    [
      'a country that is no ISO code',
      { queries: { a: { schema: 'person', name: 'Ana', nationality: 'XX' } } },
      [{ loc: ['body', 'queries', 'a', 'nationality'], type: 'invalid_value' }],
    ],
    [
      'a country in lower case',
      { queries: { a: { schema: 'person', name: 'Ana', nationality: 'br' } } },
      [{ loc: ['body', 'queries', 'a', 'nationality'], type: 'invalid_value' }],
    ],
  ])('answers 422 to %s, counting no quota', async (_what, body, detail) => {
    const tenant = await createTestTenant({ quotas: { watchlist_queries: 1000 } });
    const response = await match(tenant.apiKey, body);
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual(detail.map((d) => expect.objectContaining(d)));
    expect((await request('GET', '/account', { apiKey: tenant.apiKey })).body.usage.quotas.watchlist_queries).toEqual({
      limit: 1000,
      used: 0,
      remaining: 1000,
    });
  });

  it('answers 403 without the scope or the plan feature', async () => {
    const tenant = await createTestTenant({ quotas: { watchlist_queries: 10 } });
    const body = { queries: { a: { schema: 'person', name: 'Ana' } } };
    expect(await match(await createTestKey(tenant, ['analyses:read']), body)).toMatchObject({
      status: 403,
      body: { detail: 'insufficient_scope' },
    });
    const noFeature = await createTestTenant({ features: ['analyses'], quotas: { watchlist_queries: 10 } });
    expect(await match(noFeature.apiKey, body)).toMatchObject({ status: 403, body: { detail: 'feature_not_in_plan' } });
  });

  it('counts one unit per query; a request beyond what is left is refused whole and counts nothing', async () => {
    const tenant = await createTestTenant({ quotas: { watchlist_queries: 5 } });
    const queries = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, { schema: 'person', name: `Ana Teste ${i}` }]));
    const usage = async () => (await request('GET', '/account', { apiKey: tenant.apiKey })).body.usage.quotas.watchlist_queries;
    expect((await match(tenant.apiKey, { queries: queries(3) })).status).toBe(200);
    expect(await usage()).toEqual({ limit: 5, used: 3, remaining: 2 });
    expect(await match(tenant.apiKey, { queries: queries(3) })).toMatchObject({ status: 429, body: { detail: 'quota_exceeded' } });
    expect(await usage()).toEqual({ limit: 5, used: 3, remaining: 2 });
    expect((await match(tenant.apiKey, { queries: queries(2) })).status).toBe(200);
    expect(await usage()).toEqual({ limit: 5, used: 5, remaining: 0 });
  });

  it('lists every list with its version, publication, entries and staleness (any valid key)', async () => {
    const tenant = await createTestTenant({ scopes: ['analyses:read'] });
    const response = await request('GET', '/watchlists', { apiKey: tenant.apiKey });
    expect(response.status).toBe(200);
    expect(response.body.next_cursor).toBeNull();
    expect(response.body.items.map((i: any) => i.list)).toEqual(['un', 'ofac_sdn', 'eu_fsf', 'cepim', 'ceaf']);
    const un = response.body.items[0];
    expect(un).toEqual({
      list: 'un',
      publisher: 'United Nations Security Council',
      version: unVersion,
      published_at: unVersion,
      imported_at: expect.any(String),
      entries: 3,
      freshness_days: 7,
      stale: false,
    });
    for (const item of response.body.items) {
      expect(item).toEqual({
        list: expect.any(String),
        publisher: expect.any(String),
        version: item.version === null ? null : expect.any(String),
        published_at: item.version === null ? null : expect.any(String),
        imported_at: item.version === null ? null : expect.any(String),
        entries: expect.any(Number),
        stale: item.version === null ? true : expect.any(Boolean),
        freshness_days: expect.any(Number),
      });
    }
    expect((await request('GET', '/watchlists?limit=5', { apiKey: tenant.apiKey })).status).toBe(422);
    expect((await request('GET', '/watchlists')).status).toBe(401);
  });
});
