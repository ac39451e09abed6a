import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { completeCnpj } from '../../domain/documents/cnpj';
import { importCnpj } from '../../importers';
import { request } from '../support/http';
import { writeRfFile } from '../support/registry-files';
import { closeOwnerDb, ownerDb } from '../support/database-roles';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { searchEntities } from '../../db/repositories/entities/entity-repository';

const alnum = (n: number) => Array.from(randomBytes(n), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[b % 26]).join('');
const word = alnum(8); // a unique word in every company name of this test
// The names hold it with a cedilla (CUIZÇMGEE), the query without (cuizcmgee): accent-insensitive
// search on a word no other test's entity can share. A common word in the query ("comercio") would
// also find the organizations other tests load into the shared database (the demo dataset too).
const accented = `${word.slice(0, 4)}Ç${word.slice(4)}`;
const folded = `${word.slice(0, 4)}C${word.slice(4)}`;
const roots = [0, 1, 2, 3, 4].map((i) => `W${alnum(6)}${i}`);

describe('GET /entities and /entities/:id', () => {
  let tenant: TestTenant;
  const cnpjs = roots.map((r) => completeCnpj(`${r}0001`));
  beforeAll(async () => {
    tenant = await createTestTenant();
    const dir = path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), `entities-${word}`);
    writeRfFile(
      dir,
      'K.EMPRECSV',
      roots.map((r, i) => [r, `${accented} COMÉRCIO ${'AB'.repeat(i)} LTDA`, '2062', '49', '1000,00', '01', '']),
    );
    writeRfFile(
      dir,
      'K.ESTABELE',
      cnpjs.map((c) => [
        c.slice(0, 8),
        c.slice(8, 12),
        c.slice(12),
        '1',
        '',
        '02',
        '20200101',
        '00',
        '',
        '',
        '20190101',
        '4711302',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'SP',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]),
    );
    writeRfFile(dir, 'K.SOCIOCSV', [[roots[0], '2', 'JOÃO PÁGINA', '***123456**', '49', '20190101', '', '', '', '', '4']]);
    await importCnpj(ownerDb(), { dir });
  });
  afterAll(async () => {
    await closeTestDb();
    await closeOwnerDb();
  });

  it('finds entities by accent-insensitive name, best match first, in pages with an opaque cursor', async () => {
    const seen: number[] = [];
    const scores: number[] = [];
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/entities?q=${encodeURIComponent(folded.toLowerCase())}&entity_type=organization&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await request('GET', query, { apiKey: tenant.apiKey });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      for (const item of page.body.items)
        expect(item).toMatchObject({
          entity_type: 'organization',
          normalized_name: expect.stringContaining(`${folded} COMERCIO`),
          match_score: expect.any(Number),
        });
      seen.push(...page.body.items.map((i: any) => i.entity_id));
      scores.push(...page.body.items.map((i: any) => i.match_score));
      names.push(...page.body.items.map((i: any) => i.normalized_name));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(pages).toBe(3);
    // Best match first across pages: the scores never rise, ties go by entity id, and the name
    // closest to the query (no extra word) comes first.
    expect(scores[0]).toBeGreaterThan(scores[4]);
    for (let i = 1; i < seen.length; i++) {
      expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]);
      if (scores[i] === scores[i - 1]) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    }
    expect(names[0]).not.toMatch(/ AB/);
  });

  it('pages through similarity floors exactly as through the whole match set, substring matches last', async () => {
    // 24 names around one unique word: from the query itself to names so long that only the
    // substring matches (similarity under 0.3), two per length (equal scores, ordered by id).
    const stem = alnum(8);
    const filler = Array.from({ length: 24 }, () => alnum(5));
    const names = Array.from({ length: 24 }, (_, i) =>
      [stem, 'NORTE', ...filler.slice(0, Math.floor(i / 2)).map((w, j) => (i % 2 ? w : `${w.slice(0, 4)}${'QZ'[j % 2]}`))].join(' '),
    );
    const dir = path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), `entities-floors-${stem}`);
    const floorRoots = names.map((_, i) => `F${alnum(5)}${String(i).padStart(2, '0')}`);
    writeRfFile(
      dir,
      'K.EMPRECSV',
      floorRoots.map((r, i) => [r, names[i], '2062', '49', '1000,00', '01', '']),
    );
    writeRfFile(
      dir,
      'K.ESTABELE',
      floorRoots
        .map((r) => completeCnpj(`${r}0001`))
        .map((c) => [
          c.slice(0, 8),
          c.slice(8, 12),
          c.slice(12),
          '1',
          '',
          '02',
          '20200101',
          '00',
          '',
          '',
          '20190101',
          '4711302',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          'SP',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ]),
    );
    await importCnpj(ownerDb(), { dir });

    const q = `${stem} NORTE`;
    const { rows: expected } = await testDb().raw(
      `SELECT id, round(similarity(normalized_name, ?)::numeric, 6)::float8 AS score FROM entities
        WHERE (normalized_name % ? OR normalized_name LIKE ?) ORDER BY score DESC, id ASC`,
      [q, q, `%${q}%`],
    );
    expect(expected.length).toBeGreaterThanOrEqual(24);
    expect(expected[0].score).toBe(1);
    expect(expected.at(-1).score).toBeLessThan(0.3); // the substring-only matches are in the set

    const paged: { id: number; score: number }[] = [];
    let after: { score: number; id: number } | undefined;
    for (let page = 0; page < 20; page++) {
      const hits = await searchEntities(testDb(), { normalizedQuery: q, limit: 3, after });
      paged.push(...hits.map((h) => ({ id: Number(h.row.id), score: h.score })));
      if (hits.length < 3) break;
      after = { score: hits[2].score, id: Number(hits[2].row.id) };
    }
    expect(paged).toEqual(expected.map((r: { id: string; score: number }) => ({ id: Number(r.id), score: r.score })));
    // Over HTTP the first page is the head of the same order.
    const first = await request('GET', `/entities?q=${encodeURIComponent(q.toLowerCase())}&limit=5`, { apiKey: tenant.apiKey });
    expect(first.body.items.map((i: any) => i.entity_id)).toEqual(expected.slice(0, 5).map((r: { id: string }) => Number(r.id)));
    // Inside a caller's transaction the threshold is as it was after a search filled from a floor.
    const threshold = await testDb().transaction(async (trx) => {
      expect(await searchEntities(trx, { normalizedQuery: q, limit: 1 })).toHaveLength(1);
      return (await trx.raw('SELECT show_limit() AS threshold')).rows[0].threshold;
    });
    expect(threshold).toBeCloseTo(0.3, 6);
  });

  it('filters by document (any punctuation) and returns the SubjectProfile', async () => {
    const formatted =
      `${cnpjs[0].slice(0, 2)}.${cnpjs[0].slice(2, 5)}.${cnpjs[0].slice(5, 8)}/${cnpjs[0].slice(8, 12)}-${cnpjs[0].slice(12)}`.toLowerCase();
    const found = await request('GET', `/entities?document=${encodeURIComponent(formatted)}`, { apiKey: tenant.apiKey });
    expect(found.status).toBe(200);
    expect(found.body.items).toHaveLength(1);
    const id = found.body.items[0].entity_id;
    const entity = await request('GET', `/entities/${id}`, { apiKey: tenant.apiKey });
    expect(entity.status).toBe(200);
    expect(entity.body).toMatchObject({
      entity_id: id,
      entity_type: 'organization',
      document: cnpjs[0],
      status: 'ATIVA',
      capital_social: '1000.00',
      partner_count: 1,
      is_headquarters: true,
      secondary_cnae_codes: [],
    });
    const masked = await request('GET', '/entities?document=***123456**&entity_type=person', { apiKey: tenant.apiKey });
    expect(masked.body.items).toEqual([expect.objectContaining({ display_name: 'JOÃO PÁGINA', document_type: 'cpf_masked' })]);
  });

  it('answers 404 for an unknown entity, 422 for bad parameters and 403 without entities:read', async () => {
    expect(await request('GET', '/entities/999999999999', { apiKey: tenant.apiKey })).toMatchObject({
      status: 404,
      body: { detail: 'entity not found' },
    });
    const bad = await request('GET', '/entities?limit=0&document=123&entity_type=alien&cursor=zzz', { apiKey: tenant.apiKey });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc.join('.')).sort()).toEqual(['query.document', 'query.entity_type', 'query.limit']);
    const wrongCursor = await request('GET', '/entities?q=abc&cursor=zzz', { apiKey: tenant.apiKey });
    expect(wrongCursor).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['query', 'cursor'] })] } });
    expect((await request('GET', '/entities/abc', { apiKey: tenant.apiKey })).status).toBe(422);
    const reader = await createTestTenant({ scopes: ['analyses:read'] });
    expect(await request('GET', '/entities?q=abc', { apiKey: reader.apiKey })).toMatchObject({
      status: 403,
      body: { detail: 'insufficient_scope' },
    });
  });
});
