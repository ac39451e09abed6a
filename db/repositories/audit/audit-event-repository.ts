import type { Knex } from 'knex';
import type { AuditChainHead, AuditEvent } from '../../../domain/audit/audit-event';
import { EMPTY_CHAIN_HEAD } from '../../../domain/audit/audit-event';
import type { ActorType } from '../../../domain/actor';
import type { Executor } from '../../create-db';

/**
 * The audit trail's rows (migration 20261125200000): appended in the transaction of the change they
 * record, read per company chain (`companyId` null: the service chain). Nothing here updates or
 * deletes a row; the table's trigger refuses it anyway (docs/people-and-cases.md).
 */
export type AuditEventRow = {
  id: number;
  uuid: string;
  company_id: number | null;
  company_uuid: string | null;
  seq: number;
  prev_hash: string;
  hash: string;
  occurred_at: Date;
  actor_type: ActorType;
  actor_id: string;
  actor_name: string;
  actor_via_key: string | null;
  action: string;
  resource_type: string;
  resource_id: string;
  request_id: string | null;
  changes: Record<string, unknown>;
};

/** The advisory-lock class of audit chains: "audt". Its second key is the company id (0: the service chain). */
const AUDIT_CHAIN_LOCK_CLASS = 0x61756474;

const chainKey = (companyId: number | null): number => companyId ?? 0;

/**
 * Takes the chain's lock until the transaction ends (so appends to one chain queue, and an event
 * exists iff the change it records commits) and answers its head and the company's uuid.
 * Refuses an executor that is not a transaction: the lock would end with the statement.
 */
async function lockAuditChainHead(trx: Executor, companyId: number | null): Promise<{ head: AuditChainHead; companyUuid: string | null }> {
  if (!(trx as Knex.Transaction).isTransaction)
    throw new Error('an audit event is appended inside the transaction of the change it records');
  await trx.raw('SELECT pg_advisory_xact_lock(?::int, ?::int)', [AUDIT_CHAIN_LOCK_CLASS, chainKey(companyId)]);
  // The head and the company's uuid in one round trip, read after the lock is held (a statement's
  // snapshot is taken when it starts: the head must not be read by the statement that waits).
  const { rows } = await trx.raw<{ rows: { company_uuid: string | null; seq: string | number | null; hash: string | null }[] }>(
    `SELECT (SELECT uuid FROM companies WHERE id = ?::bigint) AS company_uuid, h.seq, h.hash
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (SELECT seq, hash FROM audit_events WHERE coalesce(company_id, 0) = ? ORDER BY coalesce(company_id, 0) DESC, seq DESC LIMIT 1) AS h ON true`,
    [companyId, chainKey(companyId)],
  );
  const [found] = rows;
  if (companyId !== null && !found.company_uuid) throw new Error(`no company ${companyId}`);
  return {
    head: found.seq !== null ? { seq: Number(found.seq), sha256: found.hash! } : EMPTY_CHAIN_HEAD,
    companyUuid: companyId === null ? null : found.company_uuid,
  };
}

/** Locks the chain, builds the event on its head (the pure link: domain/audit/audit-event.ts), inserts it. */
export async function appendAuditEvent(
  trx: Executor,
  companyId: number | null,
  build: (head: AuditChainHead, companyUuid: string | null) => AuditEvent,
): Promise<AuditEvent> {
  const { head, companyUuid } = await lockAuditChainHead(trx, companyId);
  const event = build(head, companyUuid);
  await insertAuditEvent(trx, companyId, event);
  return event;
}

async function insertAuditEvent(trx: Executor, companyId: number | null, event: AuditEvent): Promise<void> {
  await trx('audit_events').insert({
    uuid: event.uuid,
    company_id: companyId,
    seq: event.seq,
    prev_hash: event.chain.prev_sha256,
    hash: event.chain.sha256,
    occurred_at: new Date(event.at),
    actor_type: event.actor.type,
    actor_id: event.actor.id,
    actor_name: event.actor.name,
    actor_via_key: event.actor.via_key ?? null,
    action: event.action,
    resource_type: event.resource.type,
    resource_id: event.resource.uuid,
    request_id: event.request_id,
    changes: JSON.stringify(event.changes),
  });
}

const rowColumns = [
  'a.id',
  'a.uuid',
  'a.company_id',
  'c.uuid as company_uuid',
  'a.seq',
  'a.prev_hash',
  'a.hash',
  'a.occurred_at',
  'a.actor_type',
  'a.actor_id',
  'a.actor_name',
  'a.actor_via_key',
  'a.action',
  'a.resource_type',
  'a.resource_id',
  'a.request_id',
  'a.changes',
];

function chainRows(db: Executor, companyId: number | null): Knex.QueryBuilder {
  return db('audit_events as a')
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .whereRaw('coalesce(a.company_id, 0) = ?', [chainKey(companyId)]);
}

export type AuditEventFilters = {
  actorType?: string;
  actorId?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  from?: Date;
  to?: Date;
};

/** A company's events, newest first (by seq), filtered, after the cursor's seq. */
export async function listAuditEvents(
  db: Executor,
  companyId: number,
  filters: AuditEventFilters,
  page: { beforeSeq: number | null; limit: number },
): Promise<AuditEventRow[]> {
  const query = chainRows(db, companyId);
  if (filters.actorType) query.where('a.actor_type', filters.actorType);
  if (filters.actorId) query.where('a.actor_id', filters.actorId);
  if (filters.action) query.where('a.action', filters.action);
  if (filters.resourceType) query.where('a.resource_type', filters.resourceType);
  if (filters.resourceId) query.where('a.resource_id', filters.resourceId);
  if (filters.from) query.where('a.occurred_at', '>=', filters.from);
  if (filters.to) query.where('a.occurred_at', '<', filters.to);
  if (page.beforeSeq !== null) query.where('a.seq', '<', page.beforeSeq);
  return query.orderByRaw('coalesce(a.company_id, 0) DESC, a.seq DESC').limit(page.limit).select(rowColumns);
}

/** A chain in seq order, from `afterSeq` (exclusive), `limit` rows: verification and export read it in pages. */
export async function readAuditChainPage(
  db: Executor,
  companyId: number | null,
  afterSeq: number,
  limit: number,
): Promise<AuditEventRow[]> {
  return chainRows(db, companyId)
    .where('a.seq', '>', afterSeq)
    .orderByRaw('coalesce(a.company_id, 0), a.seq')
    .limit(limit)
    .select(rowColumns);
}

/** A row as the event it stores (the form that is hashed, answered and exported). */
export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    uuid: row.uuid,
    company_uuid: row.company_uuid,
    seq: Number(row.seq),
    at: row.occurred_at.toISOString(),
    actor: row.actor_via_key
      ? { type: row.actor_type, id: row.actor_id, name: row.actor_name, via_key: row.actor_via_key }
      : { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    action: row.action,
    resource: { type: row.resource_type, uuid: row.resource_id },
    request_id: row.request_id,
    changes: row.changes,
    chain: { prev_sha256: row.prev_hash, sha256: row.hash },
  };
}
