import type { Executor } from '../../create-db';
import { previousSecretSql, toDeliveryContext, type AttemptRecord, type DeliveryContext } from './webhook-attempt-repository';
import { commitFenceLockClass } from './webhook-publication-repository';
import { isUuid } from '../../../domain/uuid';

/**
 * The hot path of a delivery in two statements instead of eight round trips: one claims the
 * attempt (reads the context, marks the event delivering), one records a success (attempt row,
 * event status, endpoint counters). Each is atomic on its own, like the transaction it replaces.
 */
export type ClaimedDelivery = DeliveryContext & { attemptRecorded: boolean };

/**
 * The event, its endpoint, whether this attempt number is already recorded, and pending →
 * delivering when this run may still send it. The select sees the row as it was before the
 * update, so `status` may still read `pending`; callers only act on `succeeded` and `failed`.
 *
 * First it waits for the event's commit fence (db/repositories/webhook-publication-repository.ts): an
 * eagerly started delivery usually runs before the transaction that created its event has
 * committed. Both go as ONE multi-statement round trip — the lock, then the claim, which in READ
 * COMMITTED takes its snapshot after the lock was granted and so sees the committed event — instead
 * of a claim that misses, a wait and a second claim. The simple protocol takes no parameters:
 * the values are checked and inlined. Undefined when no event with this uuid is visible.
 */
export async function claimDeliveryAttempt(
  db: Executor,
  input: { eventUuid: string; run: number; attemptNumber: number },
): Promise<ClaimedDelivery | undefined> {
  if (!isUuid(input.eventUuid)) return undefined;
  if (!Number.isSafeInteger(input.run) || !Number.isSafeInteger(input.attemptNumber))
    throw new Error('run and attemptNumber must be integers');
  const uuid = `'${input.eventUuid.toLowerCase()}'`;
  const results = (await db.raw(
    `select pg_advisory_xact_lock_shared(${commitFenceLockClass}, hashtext(${uuid}::text));
     with ctx as (
       select e.id, e.uuid, e.company_id, e.status, e.delivery_run, e.payload, e.next_attempt_at,
              p.id as endpoint_id, p.uuid as endpoint_uuid, p.url, p.status as endpoint_status, p.secret_ciphertext,
              ${previousSecretSql('p')} as previous_secret_ciphertext,
              exists (select 1 from webhook_attempts a where a.event_id = e.id and a.attempt_number = ${input.attemptNumber}) as attempt_recorded
         from webhook_events e join webhook_endpoints p on p.id = e.endpoint_id
        where e.uuid = ${uuid}
     ), marked as (
       update webhook_events w set status = 'delivering', updated_at = now()
         from ctx
        where w.id = ctx.id and w.status = 'pending' and ctx.delivery_run = ${input.run} and not ctx.attempt_recorded
     )
     select * from ctx`,
  )) as unknown as { rows: any[] }[];
  const row = results[1].rows[0];
  if (!row) return undefined;
  return { ...toDeliveryContext(row), attemptRecorded: row.attempt_recorded };
}

/**
 * A successful attempt: the attempt row once, the event `succeeded`, the endpoint's failure
 * streak reset (its row is shared by every delivery to it, so it is written at most once a
 * second while healthy). False when this attempt number was already recorded (a replay):
 * then nothing else is written either.
 */
export async function recordSuccessfulAttempt(db: Executor, a: AttemptRecord): Promise<boolean> {
  const { rows } = await db.raw(
    `with attempt as (
       insert into webhook_attempts (event_id, endpoint_id, company_id, attempt_number, started_at, duration_ms, status_code, error, response_body_truncated)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (event_id, attempt_number) do nothing
       returning id
     ), event as (
       update webhook_events
          set status = 'succeeded', attempt_count = greatest(attempt_count, ?), next_attempt_at = null, delivered_at = now(), updated_at = now()
        where id = ? and status <> 'canceled' and exists (select 1 from attempt)
     ), endpoint as (
       update webhook_endpoints
          set consecutive_failures = 0, first_failure_at = null, last_success_at = now(), updated_at = now()
        where id = ? and exists (select 1 from attempt)
          and (consecutive_failures > 0 or first_failure_at is not null or last_success_at is null or last_success_at < now() - interval '1 second')
     )
     select exists (select 1 from attempt) as fresh`,
    [
      a.eventId,
      a.endpointId,
      a.companyId,
      a.attemptNumber,
      a.startedAt,
      a.durationMs,
      a.statusCode,
      a.error,
      a.responseBody,
      a.attemptNumber,
      a.eventId,
      a.endpointId,
    ],
  );
  return rows[0].fresh === true;
}
