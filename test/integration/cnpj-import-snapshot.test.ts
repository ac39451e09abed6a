import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { createDb, migrateLatest, type Db } from '../../db/create-db';
import { completeCnpj } from '../../domain/documents/cnpj';
import { generateDataset } from '../../generator/generate-dataset';
import { importCnpj } from '../../importers';
import type { BulkLoadMode } from '../../importers/support/bulk-load-mode';
import type { ImportChange } from '../../importers/support/record-entity-changes';
import type { ImportSummary } from '../../importers/support/summary';
import { ownDatabase } from '../support/database-roles';
import { establishmentRow, writeRfFile } from '../support/registry-files';

jest.setTimeout(300_000);

/**
 * What the CNPJ importer produces, pinned: the expected file was written by the importer as it was
 * before its per-row work was cut (docs/importers.md, "The floor"), over the releases below, so a
 * faster importer must give the same counts, rejections, store rows and change records (what
 * monitors consume). `UPDATE_CNPJ_SNAPSHOT=1` rewrites the file; only do so for an intended change
 * of output, and say why in the commit.
 */
const expectedFile = path.join(__dirname, '..', 'fixtures', 'importers', 'cnpj-import-snapshot.json');

const readLatin1 = (file: string) => iconv.decode(readFileSync(file), 'latin1').split(/\r?\n/);
const writeLatin1 = (file: string, lines: string[]) => writeFileSync(file, iconv.encode(lines.join('\n'), 'latin1'));
const fileOf = (dir: string, kind: string) =>
  path.join(
    dir,
    readdirSync(dir).find((n) => n.includes(kind))!,
  );

/**
 * The next month's release: every fifth partner line gone (partnerships deactivated), every third
 * company's capital changed (profiles rewritten), an establishment published twice (the later line
 * wins), and lines the importer must reject.
 */
function writeNextRelease(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  const partners = fileOf(to, 'SOCIOCSV');
  writeLatin1(partners, [
    ...readLatin1(partners).filter((l, i) => l === '' || i % 5 !== 0),
    '"ZZZZZZZZ";"2";"NOBODY";"***111111**";"22";"20200101";"";"";"";"";"0"',
  ]);
  const companies = fileOf(to, 'EMPRECSV');
  writeLatin1(
    companies,
    readLatin1(companies).map((l, i) => (l !== '' && i % 3 === 0 ? l.replace(/"[0-9]+,[0-9]{2}"/, '"1234567,89"') : l)),
  );
  const establishments = fileOf(to, 'ESTABELE');
  const estabLines = readLatin1(establishments).filter((l) => l !== '');
  writeLatin1(establishments, [...estabLines, estabLines[7].replace(/"0[1-8]"/, '"08"'), '"BROKEN";"LINE"', '']);
}

// Its street holds a quote and a backslash; its city is abroad (`EX`, municipality 9999).
const establishment = (cnpj: string, kind: '1' | '2', status: string, name: string) =>
  establishmentRow(cnpj, kind, status, { 4: name, 14: 'DAS "FLORES"\\ 1', 19: 'EX', 20: '9999' });

/** Edge cases by hand: alphanumeric CNPJs, a bad check digit, a foreign partner and its representative, unknown codes, duplicates, an orphan partner. */
function writeEdgeRelease(dir: string): void {
  const root = 'AB12CD34';
  const [hq, branch, other] = [completeCnpj(`${root}0001`), completeCnpj(`${root}0002`), completeCnpj('98765432' + '0001')];
  writeRfFile(dir, 'F.K03200$Z.D51213.QUALSCSV', [
    ['49', 'Sócio-Administrador'],
    ['22', 'Sócio'],
  ]);
  writeRfFile(
    dir,
    'K3241.K03200Y0.D51213.EMPRECSV',
    [
      [root, 'AÇAÍ & CAFÉ "SÃO" JOSÉ\tLTDA', '2062', '49', '150000,50', '03', ''],
      ['98765432', 'HOLDING PARTICIPAÇÕES S.A.', '9999', '49', '0,00', '05', ''],
      [root, 'AÇAÍ & CAFÉ SÃO JOSÉ LTDA', '2062', '49', '150000,51', '03', ''],
    ],
    ['"BROKEN";"LINE"'],
  );
  writeRfFile(dir, 'K3241.K03200Y0.D51213.ESTABELE', [
    establishment(hq, '1', '02', 'CAFÉ DO ZÉ'),
    establishment(branch, '2', '08', ''),
    establishment(other, '1', '02', 'HOLDING'),
    establishment(`${hq.slice(0, 13)}${(Number(hq[13]) + 1) % 10}`, '1', '02', 'BAD CHECK DIGIT'),
    establishment(hq, '1', '04', 'CAFÉ DO ZÉ (LATER LINE)'),
  ]);
  writeRfFile(
    dir,
    'K3241.K03200Y0.D51213.SOCIOCSV',
    [
      [root, '2', 'JOSÉ DA SILVA', '***456789**', '49', '20190315', '', '', '', '', '6'],
      [root, '3', 'OFFSHORE HOLDINGS LTD', '', '37', '20200101', '249', '***111222**', 'MARIA PROCURADORA', '17', '0'],
      [root, '1', 'HOLDING PARTICIPAÇÕES S.A.', other, '22', '20190315', '', '', '', '', '0'],
      [root, '2', 'JOSÉ DA SILVA', '***456789**', '49', '20190316', '', '', '', '', '6'],
    ],
    [
      '"ZZZZZZZZ";"2";"NOBODY";"***111111**";"22";"20200101";"";"";"";"";"0"',
      '"AB12CD34";"2";"BAD DATE";"***111111**";"22";"20201399";"";"";"";"";"0"',
    ],
  );
  writeRfFile(dir, 'F.K03200$W.SIMPLES.CSV.D51213', [[root, 'S', '20200101', '00000000', 'N', '00000000', '00000000']]);
}

const digest = (lines: string[]) => createHash('sha256').update(lines.sort().join('\n')).digest('hex');

/**
 * The store as the importer left it, without ids or clocks: counts and a digest of every row, ends
 * named by source key. A relationship's content hash covers its ends' ids, which the two import
 * connections allocate in no fixed order, so it is left out; the counts pin what it decides.
 */
async function storeSnapshot(db: Db, runOrdinal: Map<string, number>) {
  const rows = async (sql: string) => (await db.raw(sql)).rows.map((r: { line: string }) => r.line) as string[];
  const entities =
    await rows(`SELECT jsonb_build_array(e.source_key, e.entity_type, e.display_name, e.normalized_name, e.document, e.document_type,
      e.status, e.content_hash, e.profile - 'headquarters_entity_id', h.source_key)::text AS line
    FROM entities e LEFT JOIN entities h ON h.id = (e.profile ->> 'headquarters_entity_id')::bigint`);
  const documents = await rows(`SELECT jsonb_build_array(e.source_key, d.document, d.document_type)::text AS line
    FROM entity_documents d JOIN entities e ON e.id = d.entity_id`);
  const relationships =
    await rows(`SELECT (to_jsonb(r) - 'id' - 'source_entity_id' - 'target_entity_id' - 'import_run_id' - 'updated_at' - 'content_hash'
      || jsonb_build_object('source', s.source_key, 'target', t.source_key))::text AS line
    FROM relationships r JOIN entities s ON s.id = r.source_entity_id JOIN entities t ON t.id = r.target_entity_id`);
  const codes = await rows(`SELECT jsonb_build_array(table_name, code, description)::text AS line FROM rf_codes`);
  const changes = (
    await db.raw(`SELECT c.version, e.source_key FROM entity_changes c JOIN entities e ON e.id = c.entity_id WHERE c.source = 'cnpj'`)
  ).rows as { version: string; source_key: string }[];
  const changeLines = changes.map((c) => `${runOrdinal.get(c.version) ?? c.version} ${c.source_key}`);
  const active = (await db.raw(`SELECT count(*)::int AS n FROM relationships WHERE NOT is_active`)).rows[0].n as number;
  return {
    entities: { count: entities.length, sha256: digest(entities) },
    entity_documents: { count: documents.length, sha256: digest(documents) },
    relationships: { count: relationships.length, inactive: active, sha256: digest(relationships) },
    rf_codes: { count: codes.length, sha256: digest(codes) },
    entity_changes: {
      count: changeLines.length,
      per_import: Object.fromEntries([...runOrdinal.values()].map((o) => [o, changeLines.filter((l) => l.startsWith(`${o} `)).length])),
      sha256: digest(changeLines),
    },
  };
}

describe('the CNPJ importer gives the pinned results (counts, rejections, store rows, change records)', () => {
  const work = mkdtempSync(path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), 'cnpj-snapshot-'));
  const ownDb = ownDatabase(`cnpj_snapshot_${process.pid}_${Date.now()}`);
  let db: Db;
  beforeAll(async () => {
    await ownDb.create();
    db = createDb(ownDb.env.DATABASE_OWNER_URL, { poolMax: 4, applicationName: 'jest-cnpj-snapshot' });
    await migrateLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await ownDb.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('imports four releases, in bulk and row by row, exactly as the pinned importer did', async () => {
    await generateDataset({ out: path.join(work, 'gen'), seed: 'cnpj-import-snapshot', establishments: 600, partners: 900 });
    const first = path.join(work, 'gen', 'cnpj');
    writeNextRelease(first, path.join(work, 'next'));
    writeEdgeRelease(path.join(work, 'edge'));
    const imports: [string, string, BulkLoadMode][] = [
      ['first release, bulk', first, 'always'],
      ['same release again', first, 'never'],
      ['next release', path.join(work, 'next'), 'never'],
      ['edge cases', path.join(work, 'edge'), 'auto'],
    ];
    const runOrdinal = new Map<string, number>();
    const summaries = [];
    for (const [label, dir, bulkLoad] of imports) {
      // The summary carries the change feed's record too (docs/monitoring.md, "Change detection").
      const s = (await importCnpj(db, { dir, bulkLoad })) as ImportSummary & { changes: ImportChange };
      runOrdinal.set(s.changes.version, runOrdinal.size + 1);
      summaries.push({
        label,
        rows_read: s.rows_read,
        inserted: s.inserted,
        updated: s.updated,
        unchanged: s.unchanged,
        rejected: s.rejected,
        first_rejections: s.first_rejections,
        tables: s.tables,
        changed_entities: s.changes.entities,
      });
    }
    const actual = { summaries, store: await storeSnapshot(db, runOrdinal) };
    if (process.env.UPDATE_CNPJ_SNAPSHOT === '1') {
      mkdirSync(path.dirname(expectedFile), { recursive: true });
      writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
    }
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8'));
    // The pinned releases exercise every outcome, or a faster importer could drop one unnoticed.
    const [firstRun, sameAgain, next, edge] = expected.summaries;
    expect([firstRun.inserted > 0, sameAgain.inserted + sameAgain.updated, next.updated > 0, next.rejected > 0, edge.rejected > 0]).toEqual(
      [true, 0, true, true, true],
    );
    expect([expected.store.relationships.inactive > 0, expected.store.entity_changes.per_import['2']]).toEqual([true, 0]);
    expect(actual).toEqual(expected);
    // Each import writes its change feed in entity order, so the feed's unique index only grows at
    // its right end (docs/importers.md, "The change feed in entity order").
    const order = await db.raw(
      `SELECT count(*)::int AS rows, count(*) FILTER (WHERE previous >= entity_id)::int AS out_of_order
         FROM (SELECT entity_id, lag(entity_id) OVER (PARTITION BY version ORDER BY id) AS previous
                 FROM entity_changes WHERE source = 'cnpj') feed`,
    );
    expect(order.rows[0].rows).toBeGreaterThan(0);
    expect(order.rows[0].out_of_order).toBe(0);
  });
});
