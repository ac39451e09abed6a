import type { Knex } from 'knex';

/**
 * The dataset: `entities` canonical entities (60 % organizations, 40 % persons) generated
 * set-based in SQL, deterministic. Each organization has a person partner (persons hold 1–2
 * companies), every third one a corporate owner; 1 % of persons are PEPs, 0.5 % of
 * organizations sanctioned, 3 % inactive: networks of tens of nodes at 4 hops, as in real data.
 */
export async function seedBenchDataset(
  db: Knex,
  entities: number,
): Promise<{ entities: number; relationships: number; subjects: number[] }> {
  const orgs = Math.floor(entities * 0.6);
  const persons = entities - orgs;
  await db.raw(
    `INSERT INTO entities (entity_type, display_name, normalized_name, status, profile, source_key)
     SELECT 'organization', 'EMPRESA BENCH ' || g, 'EMPRESA BENCH ' || g,
            CASE WHEN g % 50 = 0 THEN 'BAIXADA' WHEN g % 97 = 0 THEN 'INAPTA' ELSE 'ATIVA' END,
            jsonb_build_object('incorporation_date', (date '2000-01-01' + (g % 9000))::text, 'capital_social', ((g % 1000) * 1000)::text || '.00'),
            'bench:org:' || g
     FROM generate_series(1, ?::int) g`,
    [orgs],
  );
  await db.raw(
    `INSERT INTO entities (entity_type, display_name, normalized_name, profile, source_key)
     SELECT 'person', 'PESSOA BENCH ' || g, 'PESSOA BENCH ' || g, jsonb_build_object('birth_date', (date '1950-01-01' + (g % 18000))::text), 'bench:person:' || g
     FROM generate_series(1, ?::int) g`,
    [persons],
  );
  await db.raw(
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, qualification_code, valid_from, is_active, evidence_source, source_key)
     SELECT p.id, o.id, 'PARTNER_OF', 'Sócio-Administrador', '49', date '2010-01-01', true, 'bench', 'bench:rel:p:' || g
     FROM generate_series(1, ?::int) g
     JOIN entities o ON o.source_key = 'bench:org:' || g
     JOIN entities p ON p.source_key = 'bench:person:' || (((g::bigint * 31) % ?::int) + 1)`,
    [orgs, persons],
  );
  await db.raw(
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, qualification_code, ownership_percentage, valid_from, is_active, evidence_source, source_key)
     SELECT owner.id, o.id, 'OWNS', 'Sócio Pessoa Jurídica', '22', 40, date '2012-01-01', true, 'bench', 'bench:rel:o:' || g
     FROM generate_series(1, ?::int) g
     JOIN entities o ON o.source_key = 'bench:org:' || g
     JOIN entities owner ON owner.source_key = 'bench:org:' || (((g::bigint * 7919) % ?::int) + 1)
     WHERE g % 3 = 0 AND owner.id <> o.id`,
    [orgs, orgs],
  );
  await db.raw(
    `INSERT INTO pep_records (entity_id, name, normalized_name, role_description, institution_name, start_date, end_date, pep_type, source_key)
     SELECT e.id, e.display_name, e.normalized_name, 'Vereador', 'Câmara Municipal', date '2017-01-01', CASE WHEN g % 200 = 0 THEN date '2022-12-31' END, 'elected_official', 'bench:pep:' || g
     FROM generate_series(100, ?::int, 100) g JOIN entities e ON e.source_key = 'bench:person:' || g`,
    [persons],
  );
  await db.raw(
    `INSERT INTO sanctions (entity_id, list_code, name, normalized_name, sanction_type, start_date, end_date, sanctioning_body, source_key)
     SELECT e.id, CASE WHEN g % 400 = 0 THEN 'cnep' ELSE 'ceis' END, e.display_name, e.normalized_name, 'Inidoneidade', date '2023-05-01', date '2030-05-01', 'CGU', 'bench:sanction:' || g
     FROM generate_series(200, ?::int, 200) g JOIN entities e ON e.source_key = 'bench:org:' || g`,
    [orgs],
  );
  await db.raw('ANALYZE');
  const [{ n: total }] = (await db.raw(`SELECT count(*)::int AS n FROM entities`)).rows;
  const [{ n: relationships }] = (await db.raw(`SELECT count(*)::int AS n FROM relationships`)).rows;
  const subjects = (await db('entities').where('source_key', 'like', 'bench:org:%').orderBy('id').pluck('id')) as number[];
  return { entities: total, relationships, subjects };
}
