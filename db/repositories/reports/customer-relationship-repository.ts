import type { Executor } from '../../create-db';

/** YYYY-MM-DD in São Paulo (the dates a Brazilian retention period counts). */
const saoPauloDate = (column: string) => `to_char((${column}) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

/** The end of the company's relationship with the subject entity (YYYY-MM-DD), or null when none is recorded. */
export async function findRelationshipEnd(db: Executor, companyId: number, entityId: number): Promise<string | null> {
  const row = await db('customer_relationships')
    .where({ company_id: companyId, entity_id: entityId })
    .first(db.raw(`to_char(ended_on, 'YYYY-MM-DD') as ended_on`));
  return row?.ended_on ?? null;
}

/** Records (or clears, with null) the end of the relationship; its previous value. */
export async function setRelationshipEnd(
  db: Executor,
  companyId: number,
  entityId: number,
  endedOn: string | null,
): Promise<string | null> {
  const previous = await findRelationshipEnd(db, companyId, entityId);
  await db('customer_relationships')
    .insert({ company_id: companyId, entity_id: entityId, ended_on: endedOn, updated_at: db.fn.now() })
    .onConflict(['company_id', 'entity_id'])
    .merge(['ended_on', 'updated_at']);
  return previous;
}

/** The São Paulo date of the company's latest completed analysis of the entity: the latest day the service knows the relationship was alive. */
export async function latestAnalysisDate(db: Executor, companyId: number, entityId: number): Promise<string | null> {
  const row = await db('analyses')
    .where({ company_id: companyId, entity_id: entityId, status: 'completed' })
    .whereNotNull('completed_at')
    .first(db.raw(`${saoPauloDate('max(completed_at)')} as day`));
  return row?.day ?? null;
}
