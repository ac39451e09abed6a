import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Snapshot } from '../../domain/analysis/snapshot';
import { ruleCatalogV1 } from '../../domain/rules';
import { scoreSnapshot } from '../../domain/scoring/score-snapshot';
import { snapshotHash } from '../../domain/scoring/snapshot-fingerprints';
import { createEntity, link } from '../../support/entity-fixtures';
import { findWatchlistCandidates, findWatchlistCandidatesOfMany } from '../../db/repositories/watchlists/watchlist-candidate-repository';
import { candidateKeysOf } from '../../domain/watchlists/candidate-keys';
import { candidateQueryOf } from '../../domain/watchlists/candidate-query';
import type { WatchlistSchema } from '../../domain/watchlists/watchlist-entry';
import { createDb } from '../../db/create-db';
import { runOps } from '../support/cli';
import { stackEnv } from '../support/stack';
import { request } from '../support/http';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(240_000);

/**
 * Name screening inside an analysis, on the real stack: a UN Consolidated List written here (its
 * names unique to this run) is imported through the ops CLI into the stack's database, then
 * analyses over HTTP. The lists are global to the stack: only this file imports them there.
 */

/** A surname no other test (nor another run) holds: letters from random bytes. */
const uniqueWord = () =>
  [...randomBytes(7)].map((b, i) => (i === 0 ? 'BCDFGKLMNPRSTVZ' : 'aeioubcdfgklmnprstvz')[b % (i === 0 ? 15 : 20)]).join('');
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const surnameA = uniqueWord();
const surnameB = uniqueWord();
const orgWord = uniqueWord();
const listed = {
  subject: { first: 'Karim Abdel', surname: surnameA, birth: '1971-04-12', ref: `QDi.${surnameA.slice(0, 5)}` },
  partner: {
    first: 'Yusuf Hassan',
    surname: surnameB,
    birth: '1965-09-30',
    ref: `QDi.${surnameB.slice(0, 5)}`,
    nationality: 'Syrian Arab Republic',
  },
  company: { name: `${orgWord.toUpperCase()} MARITIME SERVICES LLC`, ref: `QDe.${orgWord.slice(0, 5)}` },
};

function unList(generated: string): string {
  const person = (p: typeof listed.subject & { nationality?: string }) => `
    <INDIVIDUAL><DATAID>${p.ref.length}${p.birth.replace(/-/g, '')}</DATAID><VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>${p.first.toUpperCase()}</FIRST_NAME><SECOND_NAME>${p.surname.toUpperCase()}</SECOND_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>${p.ref}</REFERENCE_NUMBER><LISTED_ON>2012-06-01</LISTED_ON>${
        p.nationality
          ? `
      <NATIONALITY><VALUE>${p.nationality}</VALUE></NATIONALITY>`
          : ''
      }
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>${p.birth}</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="${generated}">
  <INDIVIDUALS>${person(listed.subject)}${person(listed.partner)}
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY><DATAID>77${orgWord.length}</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>${listed.company.name}</FIRST_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>${listed.company.ref}</REFERENCE_NUMBER><LISTED_ON>2013-02-01</LISTED_ON>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
`;
}

describe('name screening inside every analysis (rule catalog 2026.12.1)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'analysis-screening-'));
  let tenant: TestTenant;
  // Newer than any version another file imported into the stack (the lists are global): this one becomes current.
  const firstVersion = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000).toISOString();
  const importUn = async (generated: string) => {
    const file = path.join(dir, `un-${generated.slice(0, 10)}.xml`);
    writeFileSync(file, unList(generated));
    const result = await runOps(['import', 'watchlist', '--list', 'un', '--file', file, '--json']);
    expect(result.code).toBe(0);
    return result.json;
  };
  const analyse = async (entityId: number) => {
    const created = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: entityId } });
    expect(created.status).toBe(201);
    return created.body.uuid as string;
  };
  const storedOf = (uuid: string) => testDb()('analyses').where({ uuid }).first('snapshot', 'verdict');

  beforeAll(async () => {
    tenant = await createTestTenant();
    expect(await importUn(firstVersion)).toMatchObject({ outcome: 'imported', version: firstVersion });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeTestDb();
  });

  it('a subject on the UN list, confirmed by its birth date: SANCTION_UN_SUBJECT, critical, escalation, the entry with list version, score and features; the graph highlights it', async () => {
    const subject = await createEntity(testDb(), {
      type: 'person',
      name: `${listed.subject.first} ${listed.subject.surname}`,
      profile: { birth_date: listed.subject.birth },
    });
    const uuid = await analyse(subject.id);
    const read = (await request('GET', `/api/analyses/${uuid}`, { apiKey: tenant.apiKey })).body;
    // The current catalog: 2026.12.2 is 2026.12.1 with its citations corrected (docs/regulatory-manifest.md).
    expect(read.versions.rules_version).toBe('2026.12.2');
    expect(read.risk).toMatchObject({ risk_level: 'critical', escalation_required: true, review_required: true });
    expect(read.risk.escalation_reasons.map((r: any) => r.code)).toEqual(expect.arrayContaining(['un_designated_subject']));
    expect(read.risk.dispositive_floor).toBe(75);

    const { snapshot } = await storedOf(uuid);
    const un = snapshot.watchlist_screening.lists.find((l: any) => l.list === 'un');
    expect(snapshot.watchlist_screening).toMatchObject({
      algorithm: { name: 'era-name-matcher', version: '1.2.0' },
      threshold: '0.7000',
      screened_entity_ids: [subject.id],
    });
    const signals = (await request('GET', `/analyses/${uuid}/signals`, { apiKey: tenant.apiKey })).body.signals;
    const signal = signals.find((s: any) => s.code === 'SANCTION_UN_SUBJECT');
    expect(signal).toMatchObject({ identified: true, score: 100, observed_entity_ids: [subject.id] });
    expect(signal.evidences[0]).toMatchObject({
      key: 'watchlist_entry',
      content: {
        list: 'un',
        entry_id: listed.subject.ref,
        list_version: un.version,
        match: true,
        features: { name: '1.0000', birth_date: '1.0000' },
        entry: { birth_dates: [listed.subject.birth], programs: ['Al-Qaida'] },
      },
      metadata: {
        list: 'un',
        entry_id: listed.subject.ref,
        list_version: un.version,
        algorithm: { name: 'era-name-matcher', version: '1.2.0' },
      },
    });
    expect(signal.evidences[0].content.score).toMatch(/^(0\.\d{4}|1\.0000)$/);
    expect(signal.evidences[0].content.explanation.join(' ')).toContain('birth date');

    const graph = (await request('GET', `/analyses/${uuid}/graph`, { apiKey: tenant.apiKey })).body;
    expect(graph.graph.nodes.find((n: any) => n.key === `entity:${subject.id}`)).toMatchObject({ signal_severity: 'critical' });
  });

  it('a company named as a listed one on the name alone is a possible match (review, no floor); its listed partner is SANCTION_FOREIGN_NETWORK', async () => {
    const company = await createEntity(testDb(), { type: 'organization', name: listed.company.name });
    const partner = await createEntity(testDb(), {
      type: 'person',
      name: `${listed.partner.first} ${listed.partner.surname}`,
      profile: { birth_date: listed.partner.birth },
    });
    await link(testDb(), partner.id, company.id);
    const uuid = await analyse(company.id);
    const signals = (await request('GET', `/analyses/${uuid}/signals`, { apiKey: tenant.apiKey })).body.signals;
    const byCode = (code: string) => signals.find((s: any) => s.code === code);
    expect(byCode('SANCTION_UN_SUBJECT').identified).toBe(false);
    expect(byCode('WATCHLIST_POSSIBLE_MATCH')).toMatchObject({ identified: true, observed_entity_ids: [company.id] });
    expect(byCode('WATCHLIST_POSSIBLE_MATCH').evidences[0].content).toMatchObject({
      entry_id: listed.company.ref,
      match: true,
      features: { birth_date: null, document: null },
    });
    expect(byCode('SANCTION_FOREIGN_NETWORK')).toMatchObject({ identified: true, observed_entity_ids: [partner.id] });
    const read = (await request('GET', `/api/analyses/${uuid}`, { apiKey: tenant.apiKey })).body;
    expect(read.risk).toMatchObject({ review_required: true, dispositive_floor: 0 });
    expect(read.risk.escalation_reasons.map((r: any) => r.code)).toContain('listed_party_in_network');
    expect(read.risk.band_floors_applied).toEqual([]);
  });

  it('a foreign partner of the registry is screened with its country as Receita writes it (SIRIA, REPUBLICA ARABE DA → SY); a country that does not map is a limitation', async () => {
    const company = await createEntity(testDb(), { type: 'organization', name: `Fictitious ${orgWord} Importadora Ltda` });
    const syrian = await createEntity(testDb(), {
      type: 'foreign_entity',
      name: `${listed.partner.first} ${listed.partner.surname}`,
      profile: { country: 'SIRIA, REPUBLICA ARABE DA', organization_category: 'foreign_company' },
    });
    const unmapped = await createEntity(testDb(), {
      type: 'foreign_entity',
      name: `Fictitious ${orgWord} Atlantis Holdings`,
      profile: { country: 'REPUBLICA DE ATLANTIDA', organization_category: 'foreign_company' },
    });
    await link(testDb(), syrian.id, company.id);
    await link(testDb(), unmapped.id, company.id);
    const uuid = await analyse(company.id);
    const { snapshot, verdict } = await storedOf(uuid);
    const result = snapshot.watchlist_screening.matches.find((m: any) => m.entity_id === syrian.id && m.screened_as === 'person');
    expect(result).toMatchObject({
      entry_id: listed.partner.ref,
      match: true,
      query: { nationality: 'SY' },
      entry: { nationalities: ['SY'] },
      features: { nationality: '1.0000', birth_date: null },
    });
    // The nationality agrees but confirms nothing on its own (catalog 2026.12.1: a birth date or a document): for review.
    const byCode = (code: string) => verdict.signals.find((s: any) => s.code === code);
    expect(byCode('WATCHLIST_POSSIBLE_MATCH')).toMatchObject({ identified: true });
    expect(byCode('WATCHLIST_POSSIBLE_MATCH').observed_entity_ids).toContain(syrian.id);
    expect(byCode('SANCTION_FOREIGN_NETWORK').identified).toBe(false);
    expect(snapshot.limitations.filter((l: any) => l.code === 'nationality_unmapped')).toEqual([
      {
        code: 'nationality_unmapped',
        entity_id: unmapped.id,
        details: { field: 'country', country: 'REPUBLICA DE ATLANTIDA' },
        message: `Nationality of Fictitious ${orgWord} Atlantis Holdings unknown: country 'REPUBLICA DE ATLANTIDA' not mapped.`,
      },
    ]);
    const read = (await request('GET', `/api/analyses/${uuid}`, { apiKey: tenant.apiKey })).body;
    expect(read.risk.limitations).toContain(
      `nationality_unmapped: Nationality of Fictitious ${orgWord} Atlantis Holdings unknown: country 'REPUBLICA DE ATLANTIDA' not mapped.`,
    );
  });

  it('a stale list is a limitation of the verdict; after a fresh import it is not, and the earlier verdict still verifies from its frozen snapshot', async () => {
    const subject = await createEntity(testDb(), {
      type: 'person',
      name: `${listed.subject.first} ${listed.subject.surname}`,
      profile: { birth_date: listed.subject.birth },
    });
    // A month passes: the current UN publication (whichever import made it current) is 30 days old.
    const current = await testDb()('watchlist_versions').where({ list: 'un', status: 'current' }).first('version');
    const staleDay = dayOffset(-30);
    await testDb()('watchlist_versions').where({ list: 'un', status: 'current' }).update({ published_at: staleDay });
    const before = await analyse(subject.id);
    const stored = await storedOf(before);
    const unBefore = stored.snapshot.watchlist_screening.lists.find((l: any) => l.list === 'un');
    expect(unBefore).toMatchObject({ version: current.version, stale: true, published_on: staleDay.slice(0, 10), freshness_days: 7 });
    const read = (await request('GET', `/api/analyses/${before}`, { apiKey: tenant.apiKey })).body;
    expect(read.risk.limitations.find((l: string) => l.startsWith('watchlist_stale: ') && l.includes('(un)'))).toContain(
      `version ${current.version}`,
    );
    // A list never imported into the stack is a limitation too (this file imports only un; another file may import another list).
    const neverImported = stored.snapshot.watchlist_screening.lists.filter((l: any) => l.version === null).map((l: any) => l.list);
    expect(neverImported).not.toContain('un');
    expect(
      stored.snapshot.limitations
        .filter((l: any) => l.code === 'watchlist_not_imported')
        .map((l: any) => l.details.list)
        .sort(),
    ).toEqual([...neverImported].sort());

    const freshVersion = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    expect(await importUn(freshVersion)).toMatchObject({ outcome: 'imported', version: freshVersion });
    const after = await analyse(subject.id);
    const fresh = await storedOf(after);
    expect(fresh.snapshot.watchlist_screening.lists.find((l: any) => l.list === 'un')).toMatchObject({
      version: freshVersion,
      stale: false,
    });
    // No stale UN list any more (another file's lists may be stale: they are theirs).
    expect(fresh.snapshot.limitations.filter((l: any) => l.code === 'watchlist_stale' && l.details.list === 'un')).toEqual([]);
    expect(fresh.verdict.signals.find((s: any) => s.code === 'SANCTION_UN_SUBJECT').evidences[0].content.list_version).toBe(freshVersion);

    // Verify re-scores the stored snapshot: the list changed since, the verdict of record did not.
    for (const uuid of [before, after]) {
      expect((await request('POST', `/analyses/${uuid}/verify`, { apiKey: tenant.apiKey })).body).toMatchObject({
        match: true,
        rules_version: '2026.12.2',
        differences: [],
      });
    }
  });

  it("fetches the candidates of a whole batch in one statement, each query's the same as its own query would fetch", async () => {
    const queries: { schema: WatchlistSchema; name: string }[] = [
      { schema: 'person', name: `${listed.subject.first} ${listed.subject.surname}` },
      { schema: 'person', name: `Jusuf ${listed.partner.surname}` },
      { schema: 'organization', name: listed.company.name },
      { schema: 'organization', name: 'Fictitious Nothing Alike Ltda' },
      { schema: 'person', name: 'LTDA' },
    ];
    const keyed = queries.map((q) => candidateQueryOf(q.schema, [q.name]));
    const batch = await findWatchlistCandidatesOfMany(testDb(), { lists: ['un'], queries: keyed });
    for (const [index, query] of keyed.entries()) {
      const alone = await findWatchlistCandidates(testDb(), { lists: ['un'], ...query });
      expect((batch.get(index) ?? []).map((e) => `${e.list}/${e.entry_id}`)).toEqual(alone.map((e) => `${e.list}/${e.entry_id}`));
    }
    expect(batch.get(0)?.map((e) => e.entry_id)).toContain(listed.subject.ref);
    expect(batch.get(2)?.map((e) => e.entry_id)).toContain(listed.company.ref);
    expect(await findWatchlistCandidatesOfMany(testDb(), { lists: ['un'], queries: [] })).toEqual(new Map());
  });

  it('prepares the candidate statement once per connection and runs it again without planning, in a transaction too', async () => {
    const db = createDb(stackEnv().DATABASE_URL, { poolMax: 1 });
    try {
      const query = candidateQueryOf('person', [`${listed.subject.first} ${listed.subject.surname}`]);
      const first = await findWatchlistCandidates(db, { lists: ['un'], ...query });
      for (let i = 0; i < 7; i++) expect(await findWatchlistCandidates(db, { lists: ['un'], ...query })).toEqual(first);
      // The pool's one connection, inside a transaction: the same prepared statement.
      const inTransaction = await db.transaction((trx) => findWatchlistCandidates(trx, { lists: ['un'], ...query }));
      expect(inTransaction).toEqual(first);
      expect(first.map((e) => e.entry_id)).toContain(listed.subject.ref);
      const prepared = (
        await db.raw(
          `SELECT name, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE name LIKE 'watchlist-candidates-%'`,
        )
      ).rows;
      expect(prepared).toEqual([{ name: expect.stringMatching(/^watchlist-candidates-1\.1-/), runs: 9 }]);
    } finally {
      await db.destroy();
    }
  });

  it('the importer counts, in its own transaction, how many listed names hold each token key (retrieval by word rarity)', async () => {
    const counted = async (schema: WatchlistSchema, key: string) =>
      Number((await testDb()('watchlist_token_keys').where({ schema, key }).first())?.names ?? 0);
    const expected = async (schema: WatchlistSchema, key: string) =>
      Number(
        (
          await testDb().raw(
            `SELECT count(*)::int AS n FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
        WHERE e.delisted_in_version IS NULL AND e.schema = ? AND ? = ANY(n.tokens)`,
            [schema, key],
          )
        ).rows[0].n,
      );
    const [surnameKey] = candidateKeysOf(listed.partner.surname, 'person').tokenKeys;
    const [orgKey] = candidateKeysOf(listed.company.name, 'organization').tokenKeys;
    expect(await counted('person', surnameKey)).toBe(1);
    expect(await counted('person', surnameKey)).toBe(await expected('person', surnameKey));
    expect(await counted('organization', orgKey)).toBe(await expected('organization', orgKey));
    expect(await counted('person', 's:hsn')).toBe(await expected('person', 's:hsn'));
    // Analyzed by the import itself (not only when autovacuum comes by): the retrieval's plan reads
    // one key per word only with statistics. Shared-memory statistics are reported within a second or so.
    let analyzed: unknown = null;
    for (let waited = 0; analyzed === null && waited < 10_000; waited += 250) {
      analyzed =
        (await testDb().raw(`SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'watchlist_token_keys'`)).rows[0]?.last_analyze ??
        null;
      if (analyzed === null) await new Promise((r) => setTimeout(r, 250));
    }
    expect(analyzed).not.toBeNull();
  });

  it('fetches a word alone only while it is rare, and two words together whatever their frequency', async () => {
    const surname = candidateKeysOf(listed.partner.surname, 'person').wordKeys[0];
    const given = candidateKeysOf('Yusuf', 'person').wordKeys[0];
    const fetch = async (words: string[][], rareWordNames: number) =>
      (
        await findWatchlistCandidates(testDb(), { lists: ['un'], schema: 'person', fullKeys: [], words, strongWords: 1 }, { rareWordNames })
      ).map((e) => e.entry_id);
    expect(await fetch([surname], 300)).toContain(listed.partner.ref);
    // The same word counted as common (more names than the cut): not fetched alone, only paired.
    expect(await fetch([surname], 0)).not.toContain(listed.partner.ref);
    expect(await fetch([given, surname], 0)).toContain(listed.partner.ref);
  });

  it('a verdict of the older catalog (2026.11.1, a snapshot without screening) still verifies byte for byte', async () => {
    const subject = await createEntity(testDb(), {
      type: 'person',
      name: `${listed.subject.first} ${listed.subject.surname}`,
      profile: { birth_date: listed.subject.birth },
    });
    const uuid = await analyse(subject.id);
    const { snapshot, verdict: current } = await storedOf(uuid);
    // The analysis as it was stored before catalog 2026.12.1 shipped: no screening in its snapshot, scored by 2026.11.1.
    const { watchlist_screening: _screening, ...rest } = snapshot as Snapshot;
    const old: Snapshot = { ...rest, limitations: rest.limitations.filter((l) => !l.code.startsWith('watchlist_')) };
    const verdict = scoreSnapshot(old, ruleCatalogV1, { analysisWorkflowVersion: current.versions.analysis_workflow_version });
    expect(verdict.signals.map((s) => s.code)).not.toContain('SANCTION_UN_SUBJECT');
    const v = verdict.versions;
    await testDb()('analyses')
      .where({ uuid })
      .update({
        snapshot: JSON.stringify(old),
        snapshot_hash: snapshotHash(old),
        verdict: JSON.stringify(verdict),
        input_fingerprint: v.input_fingerprint,
        engine_fingerprint: v.engine_fingerprint,
        verdict_fingerprint: v.verdict_fingerprint,
        rules_version: v.rules_version,
        score: verdict.risk.score,
        risk_level: verdict.risk.risk_level,
      });
    const replay = await request('POST', `/analyses/${uuid}/verify`, { apiKey: tenant.apiKey });
    expect(replay.body).toMatchObject({ match: true, rules_version: '2026.11.1', differences: [], engine_version_changed: false });
    const ops = await runOps(['analyses', 'verify', '--uuid', uuid, '--json']);
    expect(ops.json).toMatchObject({ analysis_uuid: uuid, match: true, rules_version: '2026.11.1' });
  });
});
