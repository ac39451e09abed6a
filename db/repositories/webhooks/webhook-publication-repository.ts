import type { Executor } from '../../create-db';
import type { EventRow } from './webhook-event-repository';
import { targetEndpointsBindings, targetEndpointsSql, type TargetEndpointsInput } from './webhook-target-endpoint-repository';

/**
 * Delivery workflows start inside the transaction that creates (or re-arms) their event, so that
 * both commit together; an eagerly started workflow therefore often runs its first attempt before
 * that commit. The creating transaction holds a transaction-scoped advisory lock per event until
 * it ends; the attempt's claim (webhook-delivery-repository.ts) waits on that lock before it reads,
 * instead of missing the event and sleeping and retrying.
 */

/** This module's own advisory-lock namespace (two-key form). */
export const commitFenceLockClass = 7106;
const lockClass = commitFenceLockClass;

/** Holds the event's fence until the surrounding transaction ends (a retry re-arming it). */
export async function fenceWebhookEvent(db: Executor, eventUuid: string): Promise<void> {
  await db.raw('select pg_advisory_xact_lock(?, hashtext(?::text))', [lockClass, eventUuid]);
}

export type FanOutInput = TargetEndpointsInput & { payload: unknown; idempotencyKey: string };
export type FanOut = { existing: boolean; targets: number; rows: EventRow[]; companyUuid: string | undefined };

/**
 * A publication in ONE statement: unless events with this idempotency key exist, one fenced event
 * per target endpoint (the explicit one and/or the active subscribers of the type, of a company
 * whose plan has webhooks). Replaces three round trips (key lookup, targets, insert) on the hot
 * path of every event. `existing` (a repeat) and `rows.length < targets` (a concurrent
 * publication of the same key won some rows) tell the caller to read the events back.
 */
export async function fanOutWebhookEventFenced(db: Executor, input: FanOutInput): Promise<FanOut> {
  const { rows } = await db.raw(
    `with existing as (
       select 1 from webhook_events where company_id = :company and idempotency_key = :key limit 1
     ), targets as (${targetEndpointsSql}
          and not exists (select 1 from existing)
     ), inserted as (
       insert into webhook_events (company_id, endpoint_id, type, payload, idempotency_key)
       select :company, t.id, :type, cast(:payload as jsonb), :key from targets t order by t.id
       on conflict (company_id, endpoint_id, idempotency_key) do nothing
       returning id, uuid, company_id, endpoint_id, type, payload, status, attempt_count, delivery_run, next_attempt_at,
                 created_at, updated_at, delivered_at, pg_advisory_xact_lock(:lockClass, hashtext(uuid::text)) as fenced
     )
     select counts.existing, counts.targets, i.*, t.uuid as endpoint_uuid, t.company_uuid
       from (select (select count(*) from existing)::int as existing, (select count(*) from targets)::int as targets) counts
       left join (inserted i join targets t on t.id = i.endpoint_id) on true
      order by i.id`,
    { ...targetEndpointsBindings(input), key: input.idempotencyKey, payload: JSON.stringify(input.payload), lockClass },
  );
  const first = rows[0] as { existing: number; targets: number; company_uuid: string | null };
  const events = (rows as (EventRow & { existing: number; targets: number; company_uuid: string | null; fenced: unknown })[])
    .filter((r) => r.id !== null)
    .map(({ existing: _e, targets: _t, company_uuid: _c, fenced: _f, ...row }) => row as EventRow);
  return { existing: first.existing > 0, targets: first.targets, rows: events, companyUuid: first.company_uuid ?? undefined };
}
