import { z } from 'zod';
import { listEveryCompanysWebhookEvents } from '../../db/repositories/webhooks/webhook-event-repository';
import { defineCommand } from '../command';

/** Delivery recovery for operators: list webhook events across companies (retry: delivery-retry-command.ts). */
export const since = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v))
  .optional();
export const limit = z.coerce.number().int().min(1).max(100_000).default(1000);

function presentForOps(e: {
  uuid: string;
  company_id: number;
  endpoint_uuid: string;
  type: string;
  status: string;
  attempt_count: number;
  delivery_run: number;
  created_at: Date;
  updated_at: Date;
}) {
  return {
    uuid: e.uuid,
    company_id: e.company_id,
    endpoint_uuid: e.endpoint_uuid,
    type: e.type,
    status: e.status,
    attempt_count: e.attempt_count,
    delivery_run: e.delivery_run,
    created_at: new Date(e.created_at).toISOString(),
    updated_at: new Date(e.updated_at).toISOString(),
  };
}

export const deliveriesList = defineCommand({
  name: ['deliveries', 'list'],
  summary: 'List webhook events (deliveries), newest first',
  flags: {
    status: { type: 'string', value: '<pending|delivering|succeeded|failed|canceled>', help: 'only events in this status' },
    endpoint: { type: 'string', value: '<endpoint uuid>', help: 'only events of this endpoint' },
    since: { type: 'string', value: '<ISO 8601>', help: 'only events created at or after' },
    limit: { type: 'string', value: '<n>', help: 'at most this many (default 1000)' },
  },
  examples: ['deliveries list --status failed --since 2026-11-01T00:00:00Z --json'],
  options: z.object({
    status: z.enum(['pending', 'delivering', 'succeeded', 'failed', 'canceled']).optional(),
    endpoint: z.uuid().optional(),
    since,
    limit,
  }),
  run: async ({ options, db }) => {
    const rows = await listEveryCompanysWebhookEvents(
      await db(),
      { status: options.status, endpointUuid: options.endpoint, from: options.since },
      { after: null, limit: options.limit },
    );
    return { count: rows.length, events: rows.map(presentForOps) };
  },
});
