import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completeCnpj } from '../../domain/documents/cnpj';
import { completeCpf, formatCpf, maskCpf } from '../../domain/documents/cpf';
import { findEntityIdsByDocument, getEntityProfile } from '../../db/repositories/entities/entity-repository';
import { importBods, importCnpj, importMedia, importPep, importProceedings, importSanctions } from '../../importers';
import { runOps } from '../support/cli';
import { establishmentRow, latin1Lines, writeCguCsv, writeJsonLines, writeRfFile, writeZip } from '../support/registry-files';
import { closeOwnerDb, ownerDb } from '../support/database-roles';

/** Fresh identities per run: the test database is shared with every other test file. */
const letters = (n: number) => Array.from(randomBytes(n), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[b % 26]).join('');
const alnum = (n: number) => Array.from(randomBytes(n), (b) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[b % 36]).join('');
/**
 * Each test its own release: the tests pass in any order (`--randomize`), and a test that changes
 * the store (a newer release, a sanction upgrading a masked CPF) changes only its own entities.
 */
function freshIdentities() {
  const root = `Q${alnum(7)}`;
  const otherRoot = String(10_000_000 + (randomBytes(4).readUInt32BE() % 89_999_999));
  const cpf = completeCpf(String(100_000_000 + (randomBytes(4).readUInt32BE() % 899_999_999)));
  const masked = maskCpf(cpf);
  // Masked CPFs keep 6 digits and collide across files: the partner is this run's by masked CPF and name together.
  const surname = letters(8);
  const partnerNormalized = `JOSE DA SILVA ${surname}`;
  return {
    root,
    otherRoot,
    hq: completeCnpj(`${root}0001`),
    branch: completeCnpj(`${root}0002`),
    other: completeCnpj(`${otherRoot}0001`),
    cpf,
    masked,
    partnerName: `JOSÉ DA SILVA ${surname}`,
    partnerNormalized,
    partnerKey: { document: masked, entity_type: 'person', normalized_name: partnerNormalized },
    base: path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), `importers-${root}`),
  };
}
type Identities = ReturnType<typeof freshIdentities>;

/** Fresh identities whose first release (rf-v1) is already imported. */
async function importedRelease(): Promise<Identities> {
  const ids = freshIdentities();
  const dir = path.join(ids.base, 'rf-v1');
  writeRelease(dir, ids, { capital: '150000,50' });
  await importCnpj(ownerDb(), { dir });
  return ids;
}

function writeRelease(
  dir: string,
  { root, otherRoot, hq, branch, other, masked, partnerName }: Identities,
  options: { capital: string; dropOther?: boolean },
) {
  writeRfFile(dir, 'F.K03200$Z.D51213.QUALSCSV', [
    ['49', 'Sócio-Administrador'],
    ['22', 'Sócio'],
    ['17', 'Procurador'],
  ]);
  writeRfFile(dir, 'F.K03200$Z.D51213.MUNICCSV', [['7107', 'SÃO PAULO']]);
  writeRfFile(
    dir,
    'K3241.K03200Y0.D51213.EMPRECSV',
    [
      [root, 'AÇAÍ & CAFÉ SÃO JOSÉ LTDA', '2062', '49', options.capital, '03', ''],
      [otherRoot, 'HOLDING PARTICIPAÇÕES S.A.', '2054', '49', '0,00', '05', ''],
    ],
    ['"BROKEN";"LINE"'],
  );
  writeRfFile(dir, 'K3241.K03200Y0.D51213.ESTABELE', [
    establishmentRow(hq, '1', '02'),
    establishmentRow(branch, '2', '08'),
    establishmentRow(other, '1', '02'),
    establishmentRow(`${hq.slice(0, 13)}${(Number(hq[13]) + 1) % 10}`, '1', '02'),
  ]);
  const partners = [
    [root, '2', partnerName, masked, '49', '20190315', '', '', '', '', '6'],
    [root, '3', 'OFFSHORE HOLDINGS LTD', '', '37', '20200101', '249', '***111222**', 'MARIA PROCURADORA', '17', '0'],
    ...(options.dropOther ? [] : [[root, '1', 'HOLDING PARTICIPAÇÕES S.A.', other, '22', '20190315', '', '', '', '', '0']]),
  ];
  writeRfFile(dir, 'K3241.K03200Y0.D51213.SOCIOCSV', partners, ['"ZZZZZZZZ";"2";"NOBODY";"***111111**";"22";"20200101";"";"";"";"";"0"']);
  writeRfFile(dir, 'F.K03200$W.SIMPLES.CSV.D51213', [[root, 'S', '20200101', '00000000', 'N', '00000000', '00000000']]);
}

describe('importers against the real database', () => {
  afterAll(closeOwnerDb);

  it('imports a Receita Federal release: latin1, alphanumeric CNPJs, masked CPFs, bad rows; then nothing changes', async () => {
    const ids = freshIdentities();
    const { hq, branch, base, partnerName, partnerNormalized, partnerKey } = ids;
    const dir = path.join(base, 'rf-v1');
    writeRelease(dir, ids, { capital: '150000,50' });
    const first = await importCnpj(ownerDb(), { dir });
    expect(first.rows_read).toBe(16); // 3 + 1 code rows, 3 companies, 4 establishments, 4 partners, 1 simples
    expect(first.rejected).toBe(3);
    expect(first.first_rejections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'K3241.K03200Y0.D51213.EMPRECSV', line: 3, reason: expect.stringContaining('7 columns') }),
        expect.objectContaining({ file: 'K3241.K03200Y0.D51213.ESTABELE', line: 4, reason: expect.stringContaining('check digits') }),
        expect.objectContaining({ file: 'K3241.K03200Y0.D51213.SOCIOCSV', line: 4, reason: expect.stringContaining('ZZZZZZZZ') }),
      ]),
    );
    expect(first.tables.entities.inserted).toBeGreaterThanOrEqual(6); // 3 establishments, person, foreign partner, representative
    const [hqId] = await findEntityIdsByDocument(ownerDb(), hq);
    const profile = await getEntityProfile(ownerDb(), hqId);
    expect(profile).toMatchObject({
      display_name: 'AÇAÍ & CAFÉ SÃO JOSÉ LTDA',
      normalized_name: 'ACAI & CAFE SAO JOSE LTDA',
      document: hq,
      status: 'ATIVA',
      capital_social: '150000.50',
      city: 'SÃO PAULO',
      is_headquarters: true,
      establishment_type: 'headquarters',
      simples_nacional_option: true,
      simples_nacional_start_date: '2020-01-01',
      incorporation_date: '2019-03-15',
      partner_count: 3,
      main_cnae_code: '4711302',
    });
    const branchProfile = await getEntityProfile(ownerDb(), (await findEntityIdsByDocument(ownerDb(), branch))[0]);
    expect(branchProfile).toMatchObject({ status: 'BAIXADA', is_headquarters: false, headquarters_entity_id: hqId });
    const edges = await ownerDb()('relationships')
      .where({ target_entity_id: hqId })
      .orderBy('relationship_type')
      .select('relationship_type', 'relationship_role', 'qualification_code', 'valid_from', 'ownership_percentage', 'is_active');
    expect(edges.map((e) => e.relationship_type)).toEqual(['BRANCH_OF', 'PARTNER_OF', 'PARTNER_OF', 'PARTNER_OF']);
    expect(edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          relationship_role: 'Sócio-Administrador',
          qualification_code: '49',
          valid_from: '2019-03-15',
          ownership_percentage: null,
        }),
      ]),
    );
    const person = await ownerDb()('entities').where(partnerKey).first();
    expect(person).toMatchObject({
      display_name: partnerName,
      normalized_name: partnerNormalized,
      document_type: 'cpf_masked',
      import_run_id: first.import_run_id,
    });

    const second = await importCnpj(ownerDb(), { dir });
    expect(second).toMatchObject({ inserted: 0, updated: 0, rejected: 3 });
    // Every accepted row is unchanged on a rerun, the code rows the first run updated included (the demo
    // dataset, loaded in the same database by another test, spells municipality 7107 without a tilde).
    expect(second.unchanged).toBe(first.inserted + first.updated + first.unchanged);
  });

  it('updates what a newer release changed and deactivates a partnership it no longer lists', async () => {
    const ids = await importedRelease();
    const { hq, other, base } = ids;
    const dir = path.join(base, 'rf-v2');
    writeRelease(dir, ids, { capital: '200000,00', dropOther: true });
    const summary = await importCnpj(ownerDb(), { dir });
    expect(summary.tables.entities.updated).toBeGreaterThanOrEqual(2); // capital of HQ and branch
    expect(summary.tables.relationships.updated).toBe(1); // the holding's partnership, deactivated
    const [hqId] = await findEntityIdsByDocument(ownerDb(), hq);
    expect((await getEntityProfile(ownerDb(), hqId))?.capital_social).toBe('200000.00');
    const [otherId] = await findEntityIdsByDocument(ownerDb(), other);
    expect(await ownerDb()('relationships').where({ source_entity_id: otherId, target_entity_id: hqId }).first('is_active')).toEqual({
      is_active: false,
    });
  });

  it('reads the published zips and fails fast on a file in the wrong format', async () => {
    const { base } = await importedRelease();
    const plain = path.join(base, 'rf-v1');
    const zipped = path.join(base, 'rf-zip');
    mkdirSync(zipped, { recursive: true });
    const names = [
      'K3241.K03200Y0.D51213.EMPRECSV',
      'K3241.K03200Y0.D51213.ESTABELE',
      'K3241.K03200Y0.D51213.SOCIOCSV',
      'F.K03200$W.SIMPLES.CSV.D51213',
      'F.K03200$Z.D51213.QUALSCSV',
      'F.K03200$Z.D51213.MUNICCSV',
    ];
    writeZip(
      path.join(zipped, 'Empresas0.zip'),
      names.slice(0, 2).map((name) => ({ name, data: readFileSync(path.join(plain, name)) })),
    );
    writeZip(
      path.join(zipped, 'Socios0.zip'),
      names.slice(2).map((name) => ({ name, data: readFileSync(path.join(plain, name)) })),
    );
    const summary = await importCnpj(ownerDb(), { dir: zipped });
    expect(summary.files).toHaveLength(6);
    expect(summary).toMatchObject({ inserted: 0, updated: 0, rejected: 3 });

    const wrong = path.join(base, 'rf-wrong');
    writeRfFile(wrong, 'K3241.K03200Y0.D51213.ESTABELE', [['a', 'b', 'c']]);
    await expect(importCnpj(ownerDb(), { dir: wrong })).rejects.toThrow(/ESTABELE: not in the expected format: line 1 has 3 columns/);
  });

  it('bulk mode (secondary indexes and foreign keys rebuilt once) writes the same store and restores the schema', async () => {
    const { masked, base } = freshIdentities();
    const schema = async () =>
      (
        await ownerDb()
          .raw(`SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = ANY('{entities,entity_documents,relationships}'::regclass[])
      UNION ALL SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = ANY('{entities,entity_documents,relationships}'::regclass[]) ORDER BY 1`)
      ).rows.map((r: { name: string }) => r.name);
    const before = await schema();
    const bulkRoot = `B${alnum(7)}`;
    const [bulkHq, bulkBranch] = [completeCnpj(`${bulkRoot}0001`), completeCnpj(`${bulkRoot}0002`)];
    const dir = path.join(base, 'rf-bulk');
    writeRfFile(dir, 'K3241.K03200Y0.D51213.EMPRECSV', [[bulkRoot, `INDÚSTRIA ${bulkRoot} S.A.`, '2062', '49', '10,00', '03', '']]);
    writeRfFile(dir, 'K3241.K03200Y0.D51213.ESTABELE', [establishmentRow(bulkHq, '1', '02'), establishmentRow(bulkBranch, '2', '02')]);
    writeRfFile(dir, 'K3241.K03200Y0.D51213.SOCIOCSV', [[bulkRoot, '2', 'ANA BULK', masked, '49', '20190315', '', '', '', '', '6']]);
    const first = await importCnpj(ownerDb(), { dir, bulkLoad: 'always' });
    expect(first).toMatchObject({
      rejected: 0,
      tables: { entities: { inserted: 3, updated: 0 }, entity_documents: { inserted: 3 }, relationships: { inserted: 2, updated: 0 } },
    });
    const [hqId] = await findEntityIdsByDocument(ownerDb(), bulkHq);
    expect(await getEntityProfile(ownerDb(), (await findEntityIdsByDocument(ownerDb(), bulkBranch))[0])).toMatchObject({
      headquarters_entity_id: hqId,
      legal_name: `INDÚSTRIA ${bulkRoot} S.A.`,
    });
    const edges = await ownerDb()('relationships')
      .where({ target_entity_id: hqId })
      .orderBy('relationship_type')
      .pluck('relationship_type');
    expect(edges).toEqual(['BRANCH_OF', 'PARTNER_OF']);
    expect(await schema()).toEqual(before);
    const again = await importCnpj(ownerDb(), { dir, bulkLoad: 'always' });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: first.inserted + first.updated + first.unchanged });
  });

  it('repairs an interrupted import (rebuilds what it dropped, drops its staging schema, marks it failed) and leaves no staging schema itself', async () => {
    const { base } = await importedRelease();
    const probe = `importers_probe_${alnum(8).toLowerCase()}`;
    const pending = {
      indexes: [{ name: `public.${probe}`, def: `CREATE INDEX ${probe} ON public.entities USING btree (updated_at)` }],
      foreignKeys: [],
    };
    const [dead] = await ownerDb()('import_runs')
      .insert({
        kind: 'cnpj',
        file_name: 'killed',
        file_sha256: 'x',
        status: 'running',
        stats: JSON.stringify({ pending_schema: pending }),
      })
      .returning('id');
    await ownerDb().raw(`CREATE SCHEMA import_run_${dead.id}; CREATE UNLOGGED TABLE import_run_${dead.id}.stg_estab (cnpj text)`);
    const schemaExists = async (id: number) =>
      (await ownerDb().raw(`SELECT to_regnamespace('import_run_${id}') IS NOT NULL AS present`)).rows[0].present;
    try {
      const summary = await importCnpj(ownerDb(), { dir: path.join(base, 'rf-v1') });
      expect(summary).toMatchObject({ inserted: 0, updated: 0 });
      expect((await ownerDb().raw('SELECT to_regclass(?) IS NOT NULL AS present', [`public.${probe}`])).rows[0].present).toBe(true);
      expect(await schemaExists(dead.id)).toBe(false);
      expect(await schemaExists(summary.import_run_id!)).toBe(false);
      const run = await ownerDb()('import_runs').where({ id: dead.id }).first('status', 'stats');
      expect(run.status).toBe('failed');
      expect(run.stats).toEqual({ error: expect.stringContaining('interrupted') });
      expect(await ownerDb()('import_runs').where({ id: summary.import_run_id }).first('status')).toEqual({ status: 'completed' });
    } finally {
      await ownerDb().raw(`DROP INDEX IF EXISTS ${probe}`);
    }
  });

  it('links PEP records and sanctions to persons and companies; full CPFs upgrade masked partners', async () => {
    const { hq, other, cpf, partnerName, partnerNormalized, partnerKey, base } = await importedRelease();
    const pepFile = writeCguCsv(
      path.join(base, 'pep.csv'),
      [
        'CPF',
        'Nome_PEP',
        'Sigla_Função',
        'Descrição_Função',
        'Nível_Função',
        'Nome_Órgão',
        'Data_Início_Exercício',
        'Data_Fim_Exercício',
        'Data_Fim_Carência',
      ],
      [
        [
          `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
          partnerName,
          'DEP FED',
          'DEPUTADO FEDERAL',
          '6',
          'CÂMARA DOS DEPUTADOS',
          '01/02/2019',
          '',
          '',
        ],
        ['***.999.888-**', 'PESSOA NOVA', 'DAS', 'ASSESSOR', '4', 'MINISTÉRIO', '31/02/2019', '', ''],
      ],
    );
    const pep = await importPep(ownerDb(), { file: pepFile });
    expect(pep).toMatchObject({ rows_read: 2, rejected: 1, first_rejections: [expect.objectContaining({ line: 3 })] });
    const person = await ownerDb()('entities').where(partnerKey).first('id');
    expect(await ownerDb()('pep_records').where({ entity_id: person.id }).first('pep_type', 'institution_name', 'start_date')).toEqual({
      pep_type: 'elected_official',
      institution_name: 'CÂMARA DOS DEPUTADOS',
      start_date: '2019-02-01',
    });
    expect(await findEntityIdsByDocument(ownerDb(), cpf)).toEqual([]); // masked alone never resolves a full CPF

    const ceisFile = writeCguCsv(
      path.join(base, 'ceis.csv'),
      [
        'CADASTRO',
        'TIPO DE PESSOA',
        'CPF OU CNPJ DO SANCIONADO',
        'NOME DO SANCIONADO',
        'CATEGORIA DA SANÇÃO',
        'DATA INÍCIO SANÇÃO',
        'DATA FINAL SANÇÃO',
        'ÓRGÃO SANCIONADOR',
      ],
      [
        [
          'CEIS',
          'J',
          `${hq.slice(0, 2)}.${hq.slice(2, 5)}.${hq.slice(5, 8)}/${hq.slice(8, 12)}-${hq.slice(12)}`,
          'AÇAÍ & CAFÉ',
          'Impedimento',
          '01/01/2024',
          '01/01/2030',
          'CGU',
        ],
        ['CEIS', 'F', formatCpf(cpf), partnerNormalized, 'Inidoneidade', '01/01/2024', '', 'TCU'],
        ['CEIS', 'J', '11.111.111/1111-11', 'BAD', 'X', '01/01/2024', '', 'CGU'],
      ],
    );
    const ceis = await importSanctions(ownerDb(), 'ceis', { file: ceisFile });
    expect(ceis).toMatchObject({
      rows_read: 3,
      rejected: 1,
      tables: { sanctions: { inserted: 2, updated: 0, unchanged: 0 }, entities: { updated: 1 } },
    });
    expect(await findEntityIdsByDocument(ownerDb(), cpf)).toEqual([person.id]); // upgraded by the sanction's full CPF
    expect(await findEntityIdsByDocument(ownerDb(), formatCpf(cpf))).toEqual([person.id]);
    const [hqId] = await findEntityIdsByDocument(ownerDb(), hq);
    expect(await ownerDb()('sanctions').where({ entity_id: hqId }).first('list_code', 'end_date')).toEqual({
      list_code: 'ceis',
      end_date: '2030-01-01',
    });
    expect(await importSanctions(ownerDb(), 'ceis', { file: ceisFile })).toMatchObject({ inserted: 0, updated: 0 });

    const oldHeader = writeCguCsv(
      path.join(base, 'cnep-old.csv'),
      [
        'TIPO DE PESSOA',
        'CNPJ OU CPF DO SANCIONADO',
        'NOME INFORMADO PELO ÓRGÃO SANCIONADOR',
        'TIPO SANÇÃO',
        'DATA DE INÍCIO DA SANÇÃO',
        'DATA FINAL SANÇÃO',
        'VALOR DA MULTA',
      ],
      [['J', other, 'HOLDING', 'Multa', '02/03/2022', '', '1.500.000,00']],
    );
    const cnep = await importSanctions(ownerDb(), 'cnep', { file: oldHeader });
    expect(cnep.tables.sanctions.inserted).toBe(1);
    expect(await ownerDb()('sanctions').where({ list_code: 'cnep', document: other }).first('fine_amount')).toEqual({
      fine_amount: '1500000.00',
    });

    const wrong = writeCguCsv(path.join(base, 'wrong.csv'), ['A', 'B'], [['1', '2']]);
    await expect(importSanctions(ownerDb(), 'ceis', { file: wrong })).rejects.toThrow(/header lacks CPF OU CNPJ DO SANCIONADO/);
  });

  it('imports both BODS forms idempotently, matching BR identifiers to known entities', async () => {
    const { root, hq, base } = await importedRelease();
    for (const name of ['statement-form-single-direct.json', 'record-form-multiple-indirect.json']) {
      const file = path.join(__dirname, '..', 'fixtures', 'bods', name);
      const first = await importBods(ownerDb(), { file });
      expect(first.rejected).toBe(0);
      expect(first.tables.beneficial_ownership_declarations.inserted + first.tables.beneficial_ownership_declarations.unchanged).toBe(
        name.startsWith('statement') ? 1 : 5,
      );
      const again = await importBods(ownerDb(), { file });
      expect(again).toMatchObject({ inserted: 0, updated: 0 });
    }
    const indirect = await ownerDb()('beneficial_ownership_declarations')
      .where({ source_key: 'bods:decl:7e3a51c0d8b6' })
      .first('share_exact', 'is_direct');
    expect(indirect).toEqual({ share_exact: '60.000000', is_direct: false });

    const ubo = completeCpf(String(100_000_000 + (randomBytes(4).readUInt32BE() % 899_999_999)));
    const file = path.join(base, 'bods-br.json');
    writeJsonLines(
      file,
      [
        {
          statementId: `s-e-${root}`,
          recordId: `e-${root}`,
          recordType: 'entity',
          recordDetails: {
            entityType: { type: 'registeredEntity' },
            name: 'Açaí',
            identifiers: [{ scheme: 'BR-CNPJ', id: hq.toLowerCase() }],
          },
        },
        {
          statementId: `s-p-${root}`,
          recordId: `p-${root}`,
          recordType: 'person',
          recordDetails: {
            personType: 'knownPerson',
            names: [{ type: 'legal', fullName: 'Ana Beneficiária' }],
            identifiers: [{ scheme: 'BR-CPF', id: formatCpf(ubo) }],
          },
        },
        {
          statementId: `s-r-${root}`,
          recordId: `r-${root}`,
          recordType: 'relationship',
          recordDetails: {
            subject: `e-${root}`,
            interestedParty: `p-${root}`,
            interests: [
              { type: 'shareholding', directOrIndirect: 'direct', beneficialOwnershipOrControl: true, share: { minimum: 25, maximum: 50 } },
            ],
          },
        },
      ],
      ['{not json'],
    );
    const summary = await importBods(ownerDb(), { file });
    expect(summary).toMatchObject({ rejected: 1, first_rejections: [{ line: 4, reason: 'not valid JSON' }] });
    const [hqId] = await findEntityIdsByDocument(ownerDb(), hq);
    const [uboId] = await findEntityIdsByDocument(ownerDb(), ubo);
    expect(
      await ownerDb()('relationships')
        .where({ source_entity_id: uboId, target_entity_id: hqId })
        .first('relationship_type', 'ownership_percentage'),
    ).toEqual({ relationship_type: 'OWNS', ownership_percentage: '25.000000' });
  });

  it('resolves a document to zero, one or several entities; proceedings and media import idempotently', async () => {
    const { root, hq, base } = await importedRelease();
    const conflicting = completeCpf(String(100_000_000 + (randomBytes(4).readUInt32BE() % 899_999_999)));
    const file = writeJsonLines(path.join(base, 'proceedings.jsonl'), [
      {
        proceeding_number: `PAR-${root}-1`,
        proceeding_type: 'PAR',
        status: 'open',
        opened_at: '2024-01-10',
        decision_date: null,
        closed_at: null,
        authority: 'CGU',
        summary: 'Fraude',
        parties: [
          { document: hq, name: 'AÇAÍ', role: 'defendant' },
          { document: formatCpf(conflicting), name: 'CARLOS ALBERTO', role: 'defendant' },
          { document: null, name: 'TESTEMUNHA', role: 'witness' },
        ],
      },
      { proceeding_number: `PAR-${root}-2`, proceeding_type: 'PAR', status: 'open', opened_at: '2024-13-10', parties: [] },
      {
        proceeding_number: `PAR-${root}-3`,
        proceeding_type: 'TCE',
        status: 'open',
        opened_at: '2024-02-10',
        parties: [{ document: conflicting, name: 'MARIA FERNANDA', role: 'defendant' }],
      },
    ]);
    const first = await importProceedings(ownerDb(), { file });
    expect(first).toMatchObject({ rows_read: 3, rejected: 1, tables: { proceedings: { inserted: 2 } } });
    expect(await importProceedings(ownerDb(), { file })).toMatchObject({ inserted: 0, updated: 0 });
    expect(await findEntityIdsByDocument(ownerDb(), completeCpf('000000001'))).toEqual([]);
    expect(await findEntityIdsByDocument(ownerDb(), hq)).toHaveLength(1);
    expect(await findEntityIdsByDocument(ownerDb(), conflicting)).toHaveLength(2); // same CPF, incompatible names: ambiguous

    const media = writeJsonLines(path.join(base, 'media.jsonl'), [
      {
        id: `art-${root}`,
        url: 'https://example.com/a',
        title: 'Operação',
        source: 'X',
        published_at: '2024-05-01T10:00:00Z',
        language: 'pt',
        body: 'Corrupção na AÇAÍ',
      },
      { id: 'no-body' },
    ]);
    expect(await importMedia(ownerDb(), { file: media })).toMatchObject({ rejected: 1, inserted: 1 });
    expect(await importMedia(ownerDb(), { file: media })).toMatchObject({ inserted: 0, unchanged: 1 });
  });

  it('runs from the ops CLI with a JSON summary on stdout', async () => {
    const { base } = freshIdentities();
    const file = path.join(base, 'pep-cli.csv');
    writeCguCsv(
      file,
      [
        'CPF',
        'Nome_PEP',
        'Sigla_Função',
        'Descrição_Função',
        'Nível_Função',
        'Nome_Órgão',
        'Data_Início_Exercício',
        'Data_Fim_Exercício',
        'Data_Fim_Carência',
      ],
      [['***.123.123-**', 'ÂNGELA CLI', 'X', 'Y', '1', 'Z', '01/01/2020', '', '']],
    );
    const result = await runOps(['import', 'pep', '--file', file, '--json']);
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({
      kind: 'pep',
      files: ['pep-cli.csv'],
      rows_read: 1,
      rejected: 0,
      first_rejections: [],
      duration_ms: expect.any(Number),
      rows_per_second: expect.any(Number),
    });
    const bad = await runOps(['import', 'media', '--file', writeCguCsv(path.join(base, 'media.csv'), ['a'], [['b']]), '--json']);
    expect(bad.code).toBe(1);
    expect(bad.json.error).toMatch(/expected JSON lines/);
    expect(latin1Lines(['é']).equals(Buffer.from([0xe9, 0x0d, 0x0a]))).toBe(true);
  });
});
