import { randomUUID } from 'node:crypto';
import { buildSnapshot as loadSnapshot } from '../../usecases/analyses/support/analysis-run';
import { NotFoundError } from '../../domain/errors';
import { scoreSnapshot } from '../../domain/scoring/score-snapshot';
import { closeTestDb, testDb } from '../support/tenants';

/**
 * The snapshot loader against the real test Postgres, on a dedicated fixture of obviously fake
 * entities (company-agnostic: the entity store is shared reference data).
 */
const run = `loader-${randomUUID()}`;
let seq = 0;

async function insertEntity(type: string, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  seq += 1;
  const [row] = await testDb()('entities')
    .insert({
      entity_type: type,
      display_name: name,
      normalized_name: name.toUpperCase(),
      source_key: `${run}-e${seq}`,
      status: type === 'person' ? null : 'ATIVA',
      ...extra,
    })
    .returning('id');
  return Number(row.id);
}

async function link(source: number, target: number, type: string, extra: Record<string, unknown> = {}): Promise<void> {
  seq += 1;
  await testDb()('relationships').insert({
    source_entity_id: source,
    target_entity_id: target,
    relationship_type: type,
    evidence_source: 'test',
    source_key: `${run}-r${seq}`,
    ...extra,
  });
}

describe('loadSnapshot', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const db = testDb();
    ids.subject = await insertEntity('organization', 'Loader Subject Fictitious', { profile: { incorporation_date: '2020-01-01' } });
    ids.partner = await insertEntity('person', 'Loader Partner Fictitious');
    ids.holding = await insertEntity('organization', 'Loader Holding Fictitious');
    ids.owner = await insertEntity('person', 'Loader Owner Fictitious');
    ids.far = await insertEntity('organization', 'Loader Far Fictitious');
    ids.bank = await insertEntity('financial_institution', 'Loader Bank Fictitious');
    ids.stranger = await insertEntity('person', 'Loader Stranger Fictitious');
    ids.declared = await insertEntity('person', 'Loader Declared Owner Fictitious');
    await link(ids.partner, ids.subject, 'PARTNER_OF', { ownership_percentage: '12.500000', valid_from: '2020-01-02' });
    await link(ids.holding, ids.subject, 'OWNS');
    await link(ids.owner, ids.holding, 'PARTNER_OF');
    await link(ids.owner, ids.far, 'PARTNER_OF');
    await link(ids.subject, ids.bank, 'ACCOUNT_AT_INSTITUTION');
    await link(ids.stranger, ids.bank, 'ACCOUNT_AT_INSTITUTION');
    await db('beneficial_ownership_declarations').insert({
      subject_entity_id: ids.subject,
      owner_entity_id: ids.declared,
      interest_types: ['voting', 'shareholding'],
      share_exact: '60',
      statement_id: `${run}-st`,
      source_key: `${run}-d1`,
    });
    await db('pep_records').insert({
      entity_id: ids.partner,
      name: 'LOADER PARTNER',
      normalized_name: 'LOADER PARTNER',
      start_date: '2021-01-01',
      source_key: `${run}-p1`,
    });
    await db('sanctions').insert([
      { entity_id: ids.holding, list_code: 'ceis', name: 'X', normalized_name: 'X', start_date: '2024-01-01', source_key: `${run}-s2` },
      { entity_id: ids.far, list_code: 'cnep', name: 'Y', normalized_name: 'Y', source_key: `${run}-s3` },
    ]);
    const [proc] = await db('proceedings')
      .insert({ proceeding_number: `${run}-proc`, status: 'em andamento', opened_at: '2025-02-03' })
      .returning('id');
    await db('proceeding_parties').insert([
      { proceeding_id: proc.id, entity_id: ids.subject, name: 'S', role: 'investigado' },
      { proceeding_id: proc.id, entity_id: null, name: 'Unresolved', role: 'investigado', document: '1' },
    ]);
    const article = (id: string, publishedAt: string, body: string) => ({
      article_id: `${run}-${id}`,
      url: `https://news.example/${run}/${id}`,
      title: 'Operação da Polícia Federal',
      source: 'Exemplo',
      published_at: publishedAt,
      language: 'pt',
      body,
    });
    await db('media_articles').insert([
      article(
        'before',
        '2026-10-01T12:00:00Z',
        'A empresa Loader Subject Fictitious é investigada por fraude em licitações e lavagem de dinheiro.',
      ),
      article('after', '2026-11-25T12:00:00Z', 'Loader Subject Fictitious volta a ser alvo de denúncia de corrupção.'),
    ]);
  });
  afterAll(closeTestDb);

  it('walks both directions hop by hop, sorts every array, and keeps dates and decimals as strings', async () => {
    const s = await loadSnapshot(testDb(), {
      subjectEntityId: ids.subject,
      asOf: '2026-11-21',
      maxDepth: 2,
      maxNodes: 100,
      uboThresholdPercent: 25,
    });
    const hop = Object.fromEntries(s.network.entities.map((e) => [e.entity_id, e.hop]));
    expect(hop).toEqual({ [ids.subject]: 0, [ids.partner]: 1, [ids.holding]: 1, [ids.bank]: 1, [ids.declared]: 1, [ids.owner]: 2 });
    expect(s.network.truncated).toBe(false);
    expect(s.network.entities.map((e) => e.entity_id)).toEqual(
      Object.keys(hop)
        .map(Number)
        .sort((a, b) => a - b),
    );
    const relIds = s.network.relationships.map((r) => r.relationship_id);
    expect(relIds).toEqual([...relIds].sort((a, b) => a - b));
    expect(s.network.relationships).toHaveLength(4); // not owner→far (outside), not stranger→bank
    const partnerLink = s.network.relationships.find((r) => r.source_entity_id === ids.partner)!;
    expect(partnerLink).toMatchObject({
      ownership_percentage: '12.500000',
      valid_from: '2020-01-02',
      is_active: true,
      target_entity_id: ids.subject,
    });
    expect(s.pep_records.map((p) => p.entity_id)).toEqual([ids.partner]);
    expect(s.pep_records[0].start_date).toBe('2021-01-01');
    expect(s.sanctions.map((x) => x.entity_id)).toEqual([ids.holding]);
    expect(s.proceedings).toHaveLength(1);
    expect(s.proceedings[0].parties).toEqual([{ entity_id: ids.subject, role: 'investigado' }]);
    expect(s.ownership_declarations).toMatchObject([
      { owner_entity_id: ids.declared, interest_types: ['shareholding', 'voting'], share_exact: '60.000000' },
    ]);
    // Adverse media through the one screening engine: only what was published up to as_of.
    expect(s.media_hits.map((h) => [h.article_id, h.entity_id])).toEqual([[`${run}-before`, ids.subject]]);
    expect(s.media_hits[0].match_score).toBeGreaterThanOrEqual(80);
    // The name lists are global to the stack (never imported, or imported by another test): their limitations are tested apart.
    expect(s.limitations.filter((l) => !l.code.startsWith('watchlist_'))).toEqual([]);
  });

  it('stops at maxDepth', async () => {
    const s = await loadSnapshot(testDb(), {
      subjectEntityId: ids.subject,
      asOf: '2026-11-21',
      maxDepth: 3,
      maxNodes: 100,
      uboThresholdPercent: 25,
    });
    expect(s.network.entities.find((e) => e.entity_id === ids.far)?.hop).toBe(3);
    expect(s.sanctions.map((x) => x.entity_id)).toEqual([ids.holding, ids.far]);
    const one = await loadSnapshot(testDb(), {
      subjectEntityId: ids.subject,
      asOf: '2026-11-21',
      maxDepth: 1,
      maxNodes: 100,
      uboThresholdPercent: 25,
    });
    expect(Math.max(...one.network.entities.map((e) => e.hop))).toBe(1);
  });

  // holding (hop 1) has its owner beyond depth 1; owner (hop 2) has `far` beyond depth 2; the
  // bank's other account holder is never its network, and `far` has no link beyond itself.
  it.each<[string, number, number, string[]]>([
    ['depth 1', 1, 100, ['holding']],
    ['depth 2', 2, 100, ['owner']],
    ['depth 3 (the whole component)', 3, 100, []],
    ['a budget cut at hop 1 flags the unexpanded hop', 2, 3, ['holding']],
  ])('flags the last-hop entities that have links beyond the snapshot: %s', async (_name, maxDepth, maxNodes, expected) => {
    const s = await loadSnapshot(testDb(), {
      subjectEntityId: ids.subject,
      asOf: '2026-11-21',
      maxDepth,
      maxNodes,
      uboThresholdPercent: 25,
    });
    const name = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    expect(s.network.entities.every((e) => typeof e.has_links_beyond_depth === 'boolean')).toBe(true);
    expect(
      s.network.entities
        .filter((e) => e.has_links_beyond_depth)
        .map((e) => name[e.entity_id])
        .sort(),
    ).toEqual(expected);
  });

  it('truncates at maxNodes, keeping control links first, and says so', async () => {
    const s = await loadSnapshot(testDb(), {
      subjectEntityId: ids.subject,
      asOf: '2026-11-21',
      maxDepth: 2,
      maxNodes: 3,
      uboThresholdPercent: 25,
    });
    expect(s.network.truncated).toBe(true);
    // partner, holding and the declared owner are control links; the bank (account) comes last.
    expect(s.network.entities.map((e) => e.entity_id)).toEqual([ids.subject, ...[ids.partner, ids.holding].sort((a, b) => a - b)]);
    expect(s.limitations.map((l) => l.code).filter((c) => !c.startsWith('watchlist_'))).toEqual(['network_truncated']);
  });

  it('gives equal fingerprints for two analyses of the unchanged entity on the same day', async () => {
    const input = { subjectEntityId: ids.subject, asOf: '2026-11-21', maxDepth: 2, maxNodes: 100, uboThresholdPercent: 25 };
    const scored = { analysisWorkflowVersion: 'analysis-workflow.v2' };
    const [a, b] = [
      scoreSnapshot(await loadSnapshot(testDb(), input), undefined, scored),
      scoreSnapshot(await loadSnapshot(testDb(), input), undefined, scored),
    ];
    expect(b.versions).toEqual(a.versions);
    expect(a.signals.filter((x) => x.identified).map((x) => x.code)).toEqual(
      expect.arrayContaining(['PEP_ASSOCIATE_DIRECT', 'SANCTION_ACTIVE_PARTNER', 'PROCEEDING_OPEN_SUBJECT']),
    );
    const nextDay = scoreSnapshot(await loadSnapshot(testDb(), { ...input, asOf: '2026-11-22' }), undefined, scored);
    expect(nextDay.versions.input_fingerprint).toBe(a.versions.input_fingerprint);
    expect(nextDay.versions.snapshot_hash).not.toBe(a.versions.snapshot_hash);
  });

  it('answers NotFoundError for an unknown subject', async () => {
    await expect(
      loadSnapshot(testDb(), { subjectEntityId: 987654321012, asOf: '2026-11-21', maxDepth: 2, maxNodes: 10, uboThresholdPercent: 25 }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('loads a 10k-node network completely (its speed is measured by npm run bench -- graph / analyses)', async () => {
    const db = testDb();
    const hub = await insertEntity('organization', 'Loader Hub Fictitious');
    // 100 partners of the hub, each partner of 100 companies: 10,101 entities within 2 hops.
    const { rows: partners } = await db.raw(
      `INSERT INTO entities (entity_type, display_name, normalized_name, source_key)
      SELECT 'person', 'Bulk Partner ' || g, 'BULK PARTNER ' || g, ? || '-bp' || g FROM generate_series(1, 100) g RETURNING id`,
      [run],
    );
    const { rows: companies } = await db.raw(
      `INSERT INTO entities (entity_type, display_name, normalized_name, source_key, status)
      SELECT 'organization', 'Bulk Company ' || g, 'BULK COMPANY ' || g, ? || '-bc' || g, 'ATIVA' FROM generate_series(1, 10000) g RETURNING id`,
      [run],
    );
    await db.raw(
      `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, evidence_source, source_key)
      SELECT p, ?, 'PARTNER_OF', 'test', ? || '-hp' || p FROM unnest(?::bigint[]) p`,
      [hub, run, partners.map((r: { id: number }) => r.id)],
    );
    await db.raw(
      `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, evidence_source, source_key)
      SELECT (?::bigint[])[1 + (i - 1) / 100], c, 'PARTNER_OF', 'test', ? || '-pc' || i
      FROM unnest(?::bigint[]) WITH ORDINALITY AS t(c, i)`,
      [partners.map((r: { id: number }) => r.id), run, companies.map((r: { id: number }) => r.id)],
    );
    await db.raw('ANALYZE entities; ANALYZE relationships');
    const s = await loadSnapshot(db, { subjectEntityId: hub, asOf: '2026-11-21', maxDepth: 2, maxNodes: 20000, uboThresholdPercent: 25 });
    expect(s.network.entities).toHaveLength(10101);
    expect(s.network.relationships).toHaveLength(10100);
    expect(s.network.truncated).toBe(false);
  });
});
