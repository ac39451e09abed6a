import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  findEventRetryStates,
  findWebhookEventCompanyId,
  listEveryCompanysEndpointsWithFailedEvents,
  listEveryCompanysWebhookEvents,
} from '../../db/repositories/webhooks/webhook-event-repository';
import type { OperatorActor } from '../../domain/actor';
import { DomainError } from '../../domain/errors';
import { defineCommand } from '../command';
import { withOpsTemporal } from '../temporal-connection';
import { limit, since } from './delivery-commands';

// Re-sending webhook events across companies, for operators. Retries go through the same use case
// as POST /webhooks/webhook-events/{uuid}/retry; the Temporal client comes from ops/temporal-connection.ts.

/** One event sent again at once (a person waits: interactive); a refusal is the command's error. */
async function retryOneEvent(knex: Knex, temporal: Client, actor: OperatorActor, uuid: string) {
  // The operator names the event's company (domain/actor.ts: no "every company" bypass).
  const companyId = await findWebhookEventCompanyId(knex, uuid);
  if (companyId === undefined) throw new Error('webhook event not found');
  const { retryWebhookEvent } = await import('../../usecases/webhooks/retry-webhook-event');
  try {
    await retryWebhookEvent({ db: knex, temporal }, actor, { eventUuid: uuid, companyId, priorityClass: 'interactive' });
  } catch (error) {
    if (error instanceof DomainError) throw new Error(error.message);
    throw error;
  }
  return { matched: 1, retried_count: 1, skipped_count: 0, retried: [uuid], skipped: [] };
}

/** What a retry would do, decided as retryWebhookEvent decides it (only failed events of active endpoints), with nothing sent. */
async function dryRun(db: Knex, uuids: string[]) {
  const { redeliveryRules } = await import('../../usecases/webhooks/support/redeliver-webhook-event');
  const byUuid = new Map((await findEventRetryStates(db, uuids)).map((r) => [r.uuid, r]));
  const would: string[] = [];
  const skipped: { uuid: string; reason: string }[] = [];
  for (const uuid of uuids) {
    const row = byUuid.get(uuid);
    if (!row) skipped.push({ uuid, reason: 'webhook event not found' });
    else if (!(redeliveryRules.retry.from as readonly string[]).includes(row.status))
      skipped.push({ uuid, reason: redeliveryRules.retry.refusal(row.status) });
    else if (row.endpoint_status !== 'active')
      skipped.push({ uuid, reason: `webhook endpoint is ${row.endpoint_status}; re-activate it before sending again` });
    else would.push(uuid);
  }
  return {
    dry_run: true,
    matched: uuids.length,
    would_retry_count: would.length,
    skipped_count: skipped.length,
    would_retry: would,
    skipped,
  };
}

export const deliveriesRetry = defineCommand({
  name: ['deliveries', 'retry'],
  summary:
    'Re-send one failed event (--event), or start a recover of every failed event matching the filters, one workflow per endpoint (--all-failed)',
  flags: {
    event: { type: 'string', value: '<event uuid>', help: 'one event (or --all-failed)' },
    'all-failed': { type: 'boolean', help: 'every failed event matching --endpoint / --since' },
    endpoint: { type: 'string', value: '<endpoint uuid>', help: 'with --all-failed: only this endpoint' },
    since: { type: 'string', value: '<ISO 8601>', help: 'with --all-failed: only events created at or after' },
    limit: { type: 'string', value: '<n>', help: 'with --dry-run: at most this many listed (default 1000)' },
    'dry-run': { type: 'boolean', help: 'list what would be re-sent, and whether it can be, without sending anything' },
  },
  examples: [
    'deliveries retry --all-failed --endpoint 7d3e2f1a-5b6c-4d7e-8f90-a1b2c3d4e5f6 --since 2026-11-01T00:00:00Z --dry-run --json',
    'deliveries retry --event c4d5e6f7-0a1b-4c2d-9e3f-405162738495 --json',
  ],
  options: z
    .object({
      event: z.uuid().optional(),
      'all-failed': z.literal(true).optional(),
      endpoint: z.uuid().optional(),
      since,
      limit,
      'dry-run': z.literal(true).optional(),
    })
    .refine((o) => Boolean(o.event) !== Boolean(o['all-failed']), {
      message: 'give exactly one of --event or --all-failed',
      path: ['event'],
    }),
  run: async ({ options, db, log, actor }) => {
    const knex = await db();
    if (options['dry-run']) {
      const uuids = options.event
        ? [options.event]
        : (
            await listEveryCompanysWebhookEvents(
              knex,
              { status: 'failed', endpointUuid: options.endpoint, from: options.since },
              { after: null, limit: options.limit },
            )
          ).map((e) => e.uuid);
      return dryRun(knex, uuids);
    }
    if (options.event) return withOpsTemporal((temporal) => retryOneEvent(knex, temporal, actor, options.event!));
    // Bulk: one recover workflow per endpoint with failed events, answered at once (docs/webhooks.md, "Recover").
    const since = options.since ?? new Date(0);
    const endpoints = await listEveryCompanysEndpointsWithFailedEvents(knex, { endpointUuid: options.endpoint, since });
    const { startWebhookRecovery } = await import('../../usecases/webhooks/start-webhook-recovery');
    const recoveries = await withOpsTemporal(async (temporal) => {
      const started = [];
      for (const endpoint of endpoints)
        started.push(
          await startWebhookRecovery({ db: knex, temporal }, actor, {
            endpointUuid: endpoint.endpoint_uuid,
            since,
            companyId: endpoint.company_id,
          }),
        );
      return started;
    });
    const failedCount = recoveries.reduce((sum, r) => sum + r.failed_count, 0);
    log(`started ${recoveries.length} recover workflow(s) for ${failedCount} failed event(s)`);
    return { endpoints: recoveries.length, failed_count: failedCount, recoveries };
  },
});
