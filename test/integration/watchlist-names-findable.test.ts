import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeUnConsolidatedList } from '../../bench/support/un-list-writer';
import { createDb } from '../../db/create-db';
import { up as rekeyNames } from '../../db/migrations/20261128140000_watchlist_whole_name_keys';
import { findWatchlistCandidates } from '../../db/repositories/watchlists/watchlist-candidate-repository';
import { candidateQueryOf } from '../../domain/watchlists/candidate-query';
import type { WatchlistEntry } from '../../domain/watchlists/watchlist-entry';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { ownDatabase } from '../support/database-roles';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(600_000);

/**
 * The invariant of docs/watchlists.md ("Every listed name is findable by itself"): every name
 * (primary and every alias) of every entry of every list the tests import — the published fixtures
 * under test/fixtures/watchlists and the matcher's evaluation lists — screened alone through
 * POST /watchlists/match, returns its entry with `match: true`. The names are read back from the
 * store, as the importer keyed them.
 */
const fixtures = path.join(__dirname, '..', 'fixtures', 'watchlists');
const fixture = (name: string) => path.join(fixtures, name);

type ListedName = { entry_id: string; schema: 'person' | 'organization'; name: string };

/** The names of the entries a list screens now (not delisted), as stored. */
async function listedNames(list: string): Promise<ListedName[]> {
  return testDb()
    .raw(
      `SELECT e.entry_id, e.schema, n.name FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
      WHERE e.list = ? AND e.delisted_in_version IS NULL ORDER BY e.entry_id, n.id`,
      [list],
    )
    .then((r) => r.rows);
}

/** Each name alone, 100 to a request (the endpoint's batch); the names whose entry is not among the matches. */
async function unfound(tenant: TestTenant, list: string, names: readonly ListedName[]): Promise<string[]> {
  const misses: string[] = [];
  for (let start = 0; start < names.length; start += 100) {
    const batch = names.slice(start, start + 100);
    const response = await request('POST', '/watchlists/match', {
      apiKey: tenant.apiKey,
      body: { queries: Object.fromEntries(batch.map((n, i) => [`q${i}`, { schema: n.schema, name: n.name }])), lists: [list], limit: 20 },
    });
    expect(response.status).toBe(200);
    batch.forEach((n, i) => {
      const matches: { entry_id: string; match: boolean; score: number }[] = response.body.results[`q${i}`].matches;
      if (!matches.some((m) => m.entry_id === n.entry_id && m.match)) {
        misses.push(
          `${list}/${n.entry_id} ${JSON.stringify(n.name)} → ${JSON.stringify(matches.slice(0, 2).map((m) => [m.entry_id, m.score, m.match]))}`,
        );
      }
    });
  }
  return misses;
}

describe('every listed name is findable by itself (POST /watchlists/match, the name alone)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'names-findable-'));
  let tenant: TestTenant;
  // The lists are global on the stack: each UN file here is a publication of now, newer than any other file's.
  const now = Math.floor(Date.now() / 1000) * 1000;
  beforeAll(async () => {
    tenant = await createTestTenant({ quotas: { watchlist_queries: 100_000 } });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['un', 'un-consolidated-2026-11-15.xml'],
    ['ofac_sdn', 'ofac-sdn-2026-11-15.xml'],
    ['eu_fsf', 'eu-fsf-2026-11-15.xml'],
  ])('%s: the fixture %s as published', async (list, file) => {
    let source = fixture(file);
    if (list === 'un') {
      source = path.join(dir, file);
      const xml = readFileSync(fixture(file), 'utf8').replace(/dateGenerated="[^"]+"/, `dateGenerated="${new Date(now).toISOString()}"`);
      writeFileSync(source, xml);
    }
    const imported = await runOps(['import', 'watchlist', '--list', list, '--file', source, '--json']);
    expect(imported.code).toBe(0);
    const names = await listedNames(list);
    expect(names.length).toBeGreaterThan(3);
    expect(await unfound(tenant, list, names)).toEqual([]);
  });

  it('the evaluation lists (every entry of test/fixtures/watchlists/evaluation-set.jsonl, common-word names among them), imported as one UN publication', async () => {
    const entries: WatchlistEntry[] = readFileSync(fixture('evaluation-set.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).entry);
    expect(entries.length).toBe(3150);
    const file = path.join(dir, 'evaluation-lists.xml');
    await writeUnConsolidatedList(file, entries, new Date(now + 1000).toISOString());
    const imported = await runOps(['import', 'watchlist', '--list', 'un', '--file', file, '--json']);
    expect(imported.code).toBe(0);
    const names = await listedNames('un');
    expect(names.length).toBe(entries.reduce((n, e) => n + new Set(e.names.map((x) => x.name)).size, 0));
    expect(await unfound(tenant, 'un', names)).toEqual([]);
  });
});

describe('names imported before matcher 1.2 are re-keyed (migration 20261128140000_watchlist_whole_name_keys)', () => {
  const database = `names_rekey_${process.pid}_${Date.now()}`;
  const ownDb = ownDatabase(database);
  const env = ownDb.env;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'names-rekey-'));
  const own = createDb(env.DATABASE_URL, { poolMax: 2, applicationName: 'jest-names-rekey' });
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

  it('gives a name of common words its whole-name key and recounts the keys: its own words then fetch it', async () => {
    const entries: WatchlistEntry[] = [
      {
        list: 'un',
        entry_id: 'QDe.951',
        schema: 'organization',
        names: [{ name: 'GLOBAL TRADING LLC', quality: 'primary' }],
        birth_dates: [],
        nationalities: [],
        documents: [],
        programs: ['QDe'],
        listed_on: null,
      },
      {
        list: 'un',
        entry_id: 'QDe.952',
        schema: 'organization',
        names: [{ name: 'Zenith Global Trading Ltd', quality: 'primary' }],
        birth_dates: [],
        nationalities: [],
        documents: [],
        programs: ['QDe'],
        listed_on: null,
      },
    ];
    const file = path.join(dir, 'un.xml');
    await writeUnConsolidatedList(file, entries, '2026-11-20T10:00:00.000Z');
    expect((await runOps(['import', 'watchlist', '--list', 'un', '--file', file, '--json'], env)).code).toBe(0);
    // What matcher 1.1 stored and counted: no key for a name of common words.
    await own.raw(`UPDATE watchlist_names SET tokens = '{}' WHERE name = 'GLOBAL TRADING LLC'`);
    await own.raw(`DELETE FROM watchlist_token_keys WHERE key LIKE 'n:%'`);
    const query = candidateQueryOf('organization', ['Global Trading Ltd.']);
    expect(query.words).toEqual([['n:global trading']]);

    await rekeyNames(own);
    expect((await own.raw(`SELECT name, tokens FROM watchlist_names ORDER BY name`)).rows).toEqual([
      { name: 'GLOBAL TRADING LLC', tokens: ['n:global trading'] },
      { name: 'Zenith Global Trading Ltd', tokens: ['s:znt'] },
    ]);
    expect((await own.raw(`SELECT schema, key, names FROM watchlist_token_keys WHERE key = 'n:global trading'`)).rows).toEqual([
      { schema: 'organization', key: 'n:global trading', names: 1 },
    ]);
    const found = await findWatchlistCandidates(own, { ...query, lists: ['un'] });
    expect(found.map((e) => e.entry_id)).toContain('QDe.951');
  });
});
