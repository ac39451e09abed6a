import { Client, Connection } from '@temporalio/client';
import { z } from 'zod';
import { loadOpsConfig } from '../../config/ops-config';
import { listWebhookEvents } from '../../db/repositories/webhook-event-repository';
import { retryWebhookEvent } from '../../usecases/webhooks/retry-webhook-event';
import { DomainError } from '../../domain/errors';
import { defineCommand } from '../command';

/**
 * Delivery recovery for operators: list and re-send webhook events across companies. Retries go
 * through the same use case as POST /webhooks/webhook-events/{uuid}/retry. The Temporal client is
 * made here from the ops configuration (TEMPORAL_ADDRESS / TEMPORAL_NAMESPACE, config/ops-config.ts).
 */
async function withTemporal<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const config = loadOpsConfig();
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: '5s' });
  try {
    return await run(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }));
  } finally {
    await connection.close();
  }
}

const since = z.iso.datetime({ offset: true }).transform((v) => new Date(v)).optional();
const limit = z.coerce.number().int().min(1).max(100_000).default(1000);

function presentForOps(e: { uuid: string; company_id: number; endpoint_uuid: string; type: string; status: string; attempt_count: number; delivery_run: number; created_at: Date; updated_at: Date }) {
  return { uuid: e.uuid, company_id: e.company_id, endpoint_uuid: e.endpoint_uuid, type: e.type, status: e.status, attempt_count: e.attempt_count, delivery_run: e.delivery_run, created_at: new Date(e.created_at).toISOString(), updated_at: new Date(e.updated_at).toISOString() };
}

export const deliveriesList = defineCommand({
  name: ['deliveries', 'list'],
  summary: 'List webhook events (deliveries), newest first',
  flags: ['--status <pending|delivering|succeeded|failed>', '--endpoint <endpoint uuid> (optional)', '--since <ISO 8601> (optional; created at or after)', '--limit <n> (default 1000)'],
  options: z.object({ status: z.enum(['pending', 'delivering', 'succeeded', 'failed']).optional(), endpoint: z.uuid().optional(), since, limit }),
  run: async ({ options, db }) => {
    const rows = await listWebhookEvents(await db(), null, { status: options.status, endpointUuid: options.endpoint, since: options.since }, { afterId: null, limit: options.limit });
    return { count: rows.length, events: rows.map(presentForOps) };
  },
});

export const deliveriesRetry = defineCommand({
  name: ['deliveries', 'retry'],
  summary: 'Re-send one failed event (--event) or every failed event matching the filters (--all-failed)',
  flags: ['--event <event uuid>', '--all-failed (bulk; with --endpoint / --since)', '--endpoint <endpoint uuid> (optional)', '--since <ISO 8601> (optional)', '--limit <n> (default 1000 per call)'],
  options: z
    .object({ event: z.uuid().optional(), 'all-failed': z.literal(true).optional(), endpoint: z.uuid().optional(), since, limit })
    .refine((o) => Boolean(o.event) !== Boolean(o['all-failed']), { message: 'give exactly one of --event or --all-failed', path: ['event'] }),
  run: async ({ options, db, log }) => {
    const knex = await db();
    const uuids = options.event
      ? [options.event]
      : (await listWebhookEvents(knex, null, { status: 'failed', endpointUuid: options.endpoint, since: options.since }, { afterId: null, limit: options.limit })).map((e) => e.uuid);
    const retried: string[] = [];
    const skipped: { uuid: string; reason: string }[] = [];
    await withTemporal(async (temporal) => {
      for (const uuid of uuids) {
        try {
          await retryWebhookEvent({ db: knex, temporal }, null, uuid);
          retried.push(uuid);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          skipped.push({ uuid, reason: error.message });
        }
      }
    });
    if (options.event && skipped.length > 0) throw new Error(skipped[0].reason);
    log(`retried ${retried.length}, skipped ${skipped.length}`);
    return { matched: uuids.length, retried_count: retried.length, skipped_count: skipped.length, retried, skipped };
  },
});
