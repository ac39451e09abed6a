import type { PoolClient } from 'pg';

/**
 * Set-based identity resolution for every importer except Receita Federal's (whose own keys
 * are the anchors). Input: rows of the temp table `party_input`; output: its `entity_id`.
 *
 * - CNPJ: the entity holding that exact CNPJ (its establishment); else a placeholder
 *   establishment `rf:estab:<cnpj>` that the company's own RF release fills in later.
 * - full CPF: an entity holding that CPF under a compatible name (same normalized name, or the
 *   same first and last word); else a person holding the masked form under the same normalized
 *   name, which is upgraded (it gains the full CPF); else a new person. The same CPF declared
 *   under an incompatible name becomes a second person holding it: resolution of that CPF is then
 *   ambiguous (409), which is the honest answer to conflicting sources.
 * - masked CPF: a person holding the masked form under the same normalized name; else new.
 * - no document: the row's own `source_key` (e.g. `bods:<recordId>`), created when missing.
 */
export const partyInputDdl = `CREATE TEMP TABLE party_input (ref text PRIMARY KEY, doc_kind text NOT NULL, document text, masked text, normalized_name text NOT NULL,
  display_name text NOT NULL, entity_type text NOT NULL, profile jsonb NOT NULL DEFAULT '{}', source_key text, entity_id bigint, upgraded boolean DEFAULT false) ON COMMIT DROP`;

const compatible = (a: string, b: string) =>
  `(${a} = ${b} OR (split_part(${a}, ' ', 1) = split_part(${b}, ' ', 1) AND regexp_replace(${a}, '^.* ', '') = regexp_replace(${b}, '^.* ', '')))`;

export type Resolution = { created: number; upgraded: number; total: number };

export async function resolveParties(client: PoolClient, runId: number, options: { create: boolean }): Promise<Resolution> {
  await client.query('ANALYZE party_input');
  await client.query(`UPDATE party_input p SET entity_id = (SELECT min(d.entity_id) FROM entity_documents d WHERE d.document = p.document)
    WHERE p.doc_kind = 'cnpj'`);
  await client.query(`UPDATE party_input p SET entity_id = (SELECT min(e.id) FROM entity_documents d JOIN entities e ON e.id = d.entity_id
      WHERE d.document = p.document AND ${compatible('e.normalized_name', 'p.normalized_name')})
    WHERE p.doc_kind = 'cpf'`);
  await client.query(`UPDATE party_input p SET entity_id = (SELECT min(e.id) FROM entity_documents d JOIN entities e ON e.id = d.entity_id
      WHERE d.document = p.masked AND d.document_type = 'cpf_masked' AND e.entity_type = 'person' AND e.normalized_name = p.normalized_name),
      upgraded = (p.doc_kind = 'cpf')
    WHERE p.doc_kind IN ('cpf', 'cpf_masked') AND p.entity_id IS NULL`);
  await client.query(`UPDATE party_input SET upgraded = false WHERE entity_id IS NULL`);
  // A masked Receita Federal partner matched by a source that publishes the full CPF gains it.
  await client.query(
    `INSERT INTO entity_documents (entity_id, document, document_type, import_run_id)
    SELECT DISTINCT entity_id, document, 'cpf', $1::bigint FROM party_input WHERE upgraded ON CONFLICT DO NOTHING`,
    [runId],
  );
  await client.query(`UPDATE entities e SET document = p.document, document_type = 'cpf', updated_at = now()
    FROM party_input p WHERE p.upgraded AND e.id = p.entity_id AND e.document_type = 'cpf_masked'`);
  const upgraded = Number((await client.query('SELECT count(DISTINCT entity_id) AS n FROM party_input WHERE upgraded')).rows[0].n);
  const total = Number((await client.query('SELECT count(*) AS n FROM party_input')).rows[0].n);
  if (!options.create) return { created: 0, upgraded, total };
  const created = await client.query(
    `WITH keyed AS (
      SELECT p.*, CASE p.doc_kind WHEN 'cnpj' THEN 'rf:estab:' || p.document WHEN 'cpf' THEN 'person:cpf:' || p.document || ':' || p.normalized_name
        WHEN 'cpf_masked' THEN 'person:cpfm:' || p.document || ':' || p.normalized_name ELSE p.source_key END AS key
      FROM party_input p WHERE p.entity_id IS NULL)
    INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, profile, source_key, import_run_id)
    SELECT DISTINCT ON (key) entity_type, display_name, normalized_name, CASE WHEN doc_kind = 'none' THEN NULL ELSE document END,
      CASE WHEN doc_kind = 'none' THEN NULL ELSE doc_kind END, profile, key, $1::bigint FROM keyed WHERE key IS NOT NULL ORDER BY key, ref
    ON CONFLICT (source_key) DO NOTHING`,
    [runId],
  );
  // Fresh statistics: most parties are resolved by now; with the first ANALYZE's (all unresolved)
  // the planner hashed the whole entities table instead of looking the few new keys up.
  await client.query('ANALYZE party_input');
  await client.query(`UPDATE party_input p SET entity_id = e.id FROM entities e
    WHERE p.entity_id IS NULL AND e.source_key = CASE p.doc_kind WHEN 'cnpj' THEN 'rf:estab:' || p.document WHEN 'cpf' THEN 'person:cpf:' || p.document || ':' || p.normalized_name
      WHEN 'cpf_masked' THEN 'person:cpfm:' || p.document || ':' || p.normalized_name ELSE p.source_key END`);
  await client.query(
    `INSERT INTO entity_documents (entity_id, document, document_type, import_run_id)
    SELECT DISTINCT entity_id, document, doc_kind, $1::bigint FROM party_input WHERE entity_id IS NOT NULL AND doc_kind <> 'none'
    UNION SELECT DISTINCT entity_id, masked, 'cpf_masked', $1::bigint FROM party_input WHERE entity_id IS NOT NULL AND doc_kind = 'cpf'
    ON CONFLICT DO NOTHING`,
    [runId],
  );
  return { created: created.rowCount ?? 0, upgraded, total };
}

/** Entities touched by a resolution, as summary counts: created, upgraded (gained a full CPF), the rest matched unchanged. */
export function resolutionCounts(r: Resolution): { inserted: number; updated: number; unchanged: number } {
  return { inserted: r.created, updated: r.upgraded, unchanged: Math.max(0, r.total - r.created - r.upgraded) };
}
