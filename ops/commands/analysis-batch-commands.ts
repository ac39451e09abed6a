import { z } from 'zod';
import {
  type AnalysisBatchRow,
  findAnyCompanysAnalysisBatch,
  listEveryCompanysAnalysisBatches,
} from '../../db/repositories/analysis-batches/analysis-batch-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { NotFoundError } from '../../domain/errors';
import { defineCommand } from '../command';
import { withOpsTemporal } from '../temporal-connection';

// Portfolio batches for operators, across companies (docs/batches.md).

const statuses = ['queued', 'running', 'paused', 'completed', 'canceled'] as const;

function presentForOps(b: AnalysisBatchRow) {
  const done = b.completed + b.failed + b.canceled;
  return {
    uuid: b.uuid,
    company_id: Number(b.company_id),
    name: b.name,
    status: b.status,
    pause_reason: b.status === 'paused' ? b.pause_reason : null,
    counts: { total: b.total, pending: Math.max(0, b.total - done), completed: b.completed, failed: b.failed, canceled: b.canceled },
    risk_levels: { low: b.risk_low, medium: b.risk_medium, high: b.risk_high, critical: b.risk_critical },
    workflow_id: b.workflow_id,
    created_by: b.created_by,
    created_at: new Date(b.created_at).toISOString(),
    started_at: b.started_at ? new Date(b.started_at).toISOString() : null,
    completed_at: b.completed_at ? new Date(b.completed_at).toISOString() : null,
  };
}

async function requireBatch(db: Parameters<typeof findAnyCompanysAnalysisBatch>[0], uuid: string): Promise<AnalysisBatchRow> {
  const row = await findAnyCompanysAnalysisBatch(db, uuid);
  if (!row) throw new NotFoundError('analysis batch');
  return row;
}

export const batchesList = defineCommand({
  name: ['batches', 'list'],
  summary: 'List portfolio batches, newest first',
  flags: {
    company: { type: 'string', value: '<company uuid>', help: 'only the batches of this company' },
    status: { type: 'string', value: `<${statuses.join('|')}>`, help: 'only batches in this status' },
    limit: { type: 'string', value: '<n>', help: 'at most this many (default 100)' },
  },
  examples: ['batches list --status running --json'],
  options: z.object({
    company: z.uuid().optional(),
    status: z.enum(statuses).optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(100),
  }),
  run: async ({ options, db }) => {
    const knex = await db();
    const company = options.company ? await findCompanyByUuid(knex, options.company) : null;
    if (options.company && !company) throw new NotFoundError('company');
    const rows = await listEveryCompanysAnalysisBatches(knex, { companyId: company?.id, status: options.status }, options.limit);
    return { count: rows.length, batches: rows.map(presentForOps) };
  },
});

export const batchesShow = defineCommand({
  name: ['batches', 'show'],
  summary: 'One portfolio batch: status, counts, risk levels, its workflow',
  flags: { uuid: { type: 'string', value: '<batch uuid>', help: 'the batch', required: true } },
  examples: ['batches show --uuid 6d1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b --json'],
  options: z.object({ uuid: z.uuid() }),
  run: async ({ options, db }) => ({ batch: presentForOps(await requireBatch(await db(), options.uuid)) }),
});

export const batchesCancel = defineCommand({
  name: ['batches', 'cancel'],
  summary: 'Cancel a portfolio batch: pending rows become canceled, rows in flight finish (audited as the operator)',
  flags: { uuid: { type: 'string', value: '<batch uuid>', help: 'the batch', required: true } },
  examples: ['batches cancel --uuid 6d1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b --json'],
  options: z.object({ uuid: z.uuid() }),
  run: async ({ options, db, actor }) => {
    const knex = await db();
    const batch = await requireBatch(knex, options.uuid);
    const { changeAnalysisBatchStatus } = await import('../../usecases/analysis-batches/change-analysis-batch-status');
    const outcome = await withOpsTemporal((temporal) =>
      changeAnalysisBatchStatus({ db: knex, temporal }, actor, { uuid: batch.uuid, change: 'cancel', companyId: Number(batch.company_id) }),
    );
    return { changed: outcome.changed, batch: presentForOps(await requireBatch(knex, options.uuid)) };
  },
});
