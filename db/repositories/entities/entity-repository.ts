import type { Executor } from '../../create-db';
import { isMaskedCpf } from '../../../domain/documents/cpf';
import { normalizeDocument } from '../../../domain/documents/parse-document';
import { EntityRow, SubjectProfile, subjectProfileOfRow } from '../../../domain/entity-store/subject-profile';

const entityColumns = [
  'id',
  'entity_type',
  'display_name',
  'normalized_name',
  'document',
  'document_type',
  'status',
  'profile',
  'updated_at',
];

/**
 * Identity resolution: the canonical entities holding `document` (CPF, numeric or alphanumeric
 * CNPJ, with or without punctuation, any case), ids ascending. 0 → unknown, 1 → resolved,
 * several → ambiguous (the caller decides: POST /analyses answers 409).
 *
 * Policy: only an exact normalized document matches. A full CPF never matches a masked
 * Receita Federal partner (`***456789**`) by itself: six digits and a name are not an identity.
 * A masked person holds a full CPF only after an importer matched it by (masked CPF,
 * normalized name) to a source that publishes the full CPF (BODS, CEIS/CNEP, proceedings).
 */
export async function findEntityIdsByDocument(db: Executor, document: string): Promise<number[]> {
  const value = normalizeDocument(document);
  if (!/^[0-9A-Z]{11,14}$/.test(value) && !isMaskedCpf(value)) return [];
  const rows = await db('entity_documents').where({ document: value }).distinct('entity_id').orderBy('entity_id');
  return rows.map((r: { entity_id: number }) => Number(r.entity_id));
}

/** Who an ambiguous document may mean: id, type and name of each entity, ids ascending. */
export async function findSubjectCandidates(
  db: Executor,
  entityIds: number[],
): Promise<{ entity_id: number; entity_type: string; display_name: string }[]> {
  const rows = await db('entities').whereIn('id', entityIds).orderBy('id').select('id', 'entity_type', 'display_name');
  return rows.map((r: { id: number; entity_type: string; display_name: string }) => ({
    entity_id: Number(r.id),
    entity_type: r.entity_type,
    display_name: r.display_name,
  }));
}

export async function getEntityRow(db: Executor, entityId: number): Promise<EntityRow | undefined> {
  return db('entities').where({ id: entityId }).first(entityColumns);
}

/** Whether an entity has this id: one index probe, no row to fetch and parse (the analyses' hot path). */
export async function entityExists(db: Executor, entityId: number): Promise<boolean> {
  const { rows } = await db.raw('SELECT EXISTS (SELECT 1 FROM entities WHERE id = ?) AS found', [entityId]);
  return rows[0].found === true;
}

/** The SubjectProfile of docs/engine.md, or undefined when no entity has this id. */
export async function getEntityProfile(db: Executor, entityId: number): Promise<SubjectProfile | undefined> {
  if (!Number.isSafeInteger(entityId) || entityId <= 0) return undefined;
  const row = await getEntityRow(db, entityId);
  return row ? subjectProfileOfRow(row) : undefined;
}

export type EntitySearch = { q?: string; document?: string; entityType?: string; limit: number; after?: { score: number; id: number } };
export type EntitySearchHit = { row: EntityRow; score: number };

/**
 * Similarity floors a name search tries, highest first, before it reads every match
 * (docs/entity-store.md, "Search at national size").
 */
const SEARCH_SIMILARITY_FLOORS = [0.8, 0.6, 0.45];

/**
 * Search by normalized name (trigram similarity, best first, then id) and/or document.
 * Keyset pagination on (score desc, id asc): `after` is the last hit of the previous page.
 * Scores are rounded to 6 decimals in SQL so that the cursor compares exactly.
 *
 * A name search first asks the trigram index only for names at least as similar as a floor
 * (`pg_trgm.similarity_threshold`, set for its own transaction). A page filled that way is
 * exactly the page of the whole match set, since every name left out scores below the floor and
 * every name returned at or above it; only a page that stays short reads the whole set (the
 * substring matches included). Common words among millions of names then cost a few hundred
 * rows instead of all of them.
 */
export async function searchEntities(
  db: Executor,
  search: Omit<EntitySearch, 'q'> & { normalizedQuery?: string },
): Promise<EntitySearchHit[]> {
  if (!search.normalizedQuery) return selectEntityHits(db, search, 'all-matches');
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw("SELECT current_setting('pg_trgm.similarity_threshold', true) AS threshold");
    const threshold: string = rows[0].threshold ?? '0.3';
    // Within a caller's transaction this is a savepoint: its release would keep the last floor
    // (its rollback, on an error, reverts it), so every answer restores the threshold first.
    const setThreshold = (value: string) => trx.raw("SELECT set_config('pg_trgm.similarity_threshold', ?, true)", [value]);
    for (const floor of SEARCH_SIMILARITY_FLOORS) {
      if (floor <= Number(threshold) || (search.after && floor > search.after.score)) continue;
      await setThreshold(String(floor));
      const hits = await selectEntityHits(trx, search, 'above-floor');
      if (hits.length >= search.limit) {
        await setThreshold(threshold);
        return hits;
      }
    }
    await setThreshold(threshold);
    return selectEntityHits(trx, search, 'all-matches');
  });
}

async function selectEntityHits(
  db: Executor,
  search: Omit<EntitySearch, 'q'> & { normalizedQuery?: string },
  names: 'above-floor' | 'all-matches',
): Promise<EntitySearchHit[]> {
  const query = db('entities as e').select(entityColumns.map((c) => `e.${c}`));
  const q = search.normalizedQuery;
  const score = q ? 'round(similarity(e.normalized_name, ?)::numeric, 6)::float8' : '0::float8';
  const scoreBindings = q ? [q] : [];
  query.select(db.raw(`${score} AS score`, scoreBindings));
  if (q && names === 'above-floor') query.whereRaw('e.normalized_name % ?', [q]);
  if (q && names === 'all-matches')
    query.whereRaw('(e.normalized_name % ? OR e.normalized_name LIKE ?)', [q, `%${q.replace(/[%_\\]/g, '\\$&')}%`]);
  if (search.document) {
    const value = normalizeDocument(search.document);
    query.whereExists(db('entity_documents as d').whereRaw('d.entity_id = e.id').andWhere('d.document', value));
  }
  if (search.entityType) query.andWhere('e.entity_type', search.entityType);
  if (search.after) {
    const { score: lastScore, id } = search.after;
    query.andWhereRaw(`(${score} < ? OR (${score} = ? AND e.id > ?))`, [...scoreBindings, lastScore, ...scoreBindings, lastScore, id]);
  }
  query.orderByRaw(`${score} DESC, e.id ASC`, scoreBindings).limit(search.limit);
  const rows: (EntityRow & { score: number })[] = await query;
  return rows.map(({ score, ...row }) => ({ row, score: Number(score) }));
}
