import { createHash, randomUUID } from 'node:crypto';
import { analysisBatchWorkflowContract, type AnalysisBatchWorkflowInput } from '../../contracts/analysis-batch-workflow-contract';
import {
  insertAnalysisBatch,
  insertAnalysisBatchRows,
  setAnalysisBatchTotals,
} from '../../db/repositories/analysis-batches/analysis-batch-repository';
import { claimIdempotencyKey } from '../../db/repositories/tenancy/idempotency-repository';
import type { BatchFileFormat } from '../../domain/analysis-batches/batch-file-format';
import { createBatchFileReader, type NumberedRow } from '../../domain/analysis-batches/batch-file-reader';
import { recordedActorOf, type MemberActor } from '../../domain/actor';
import { ConflictError, ValidationError } from '../../domain/errors';
import { startWorkflow } from '../../infra/start-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findReplay, idempotentRequest } from '../idempotency/support/idempotent-request';
import { assertWebhookEndpointOwned } from '../subjects/support/resolve-subject';
import type { UsecaseDeps } from '../support/usecase-deps';

/** Rows per INSERT while the upload streams: memory stays at one page whatever the file's size. */
const INSERT_PAGE_ROWS = 1000;

export type CreateAnalysisBatchInput = {
  name: string | null;
  webhookEndpointUuid: string | null;
  format: BatchFileFormat;
  idempotencyKey: string | undefined;
  /** The request body as it arrives. */
  file: AsyncIterable<Uint8Array>;
  /** Tests only: smaller limits than the documented ones. */
  limits?: { maxRows: number; maxBytes: number };
};

export type AnalysisBatchAccepted = { uuid: string; replayed: boolean };

/**
 * POST /analysis-batches (docs/batches.md): the file is read as it arrives, never held whole —
 * each chunk through the pure reader (domain/analysis-batches/batch-file-reader.ts), each page of
 * rows one INSERT — inside ONE transaction with the batch, the Idempotency-Key and the start of
 * the batch's workflow (which waits for the commit: commit-fence.ts). A file that cannot be read
 * as a whole rolls everything back: 422 naming its first problems by line. A bad row is stored
 * failed with its reason. The key's request is the name, the endpoint, the format and the
 * file's SHA-256: the same file again replays the first answer, another file with the key is 422.
 */
export async function createAnalysisBatch(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: CreateAnalysisBatchInput,
): Promise<AnalysisBatchAccepted> {
  if (input.webhookEndpointUuid) await assertWebhookEndpointOwned(deps.db, actor.company.id, input.webhookEndpointUuid);
  const uuid = randomUUID();
  const workflowInput: AnalysisBatchWorkflowInput = {
    batchUuid: uuid,
    companyUuid: actor.company.uuid,
    concurrency: deps.config.ANALYSIS_BATCH_CONCURRENCY,
  };
  const outcome = await deps.db
    .transaction(async (trx) => {
      const batch = await insertAnalysisBatch(trx, {
        uuid,
        companyId: actor.company.id,
        name: input.name,
        format: input.format,
        webhookEndpointUuid: input.webhookEndpointUuid,
        createdBy: recordedActorOf(actor),
        workflowId: analysisBatchWorkflowContract.workflowId(workflowInput),
      });
      const reader = createBatchFileReader(input.format, input.limits);
      const hash = createHash('sha256');
      let page: NumberedRow[] = [];
      let failed = 0;
      const flush = async () => {
        await insertAnalysisBatchRows(trx, batch.id, page);
        page = [];
      };
      const take = async (rows: NumberedRow[]) => {
        for (const row of rows) {
          if (row.error) failed++;
          page.push(row);
        }
        if (page.length >= INSERT_PAGE_ROWS) await flush();
      };
      for await (const chunk of input.file) {
        hash.update(chunk);
        await take(reader.push(chunk));
        if (reader.stopped()) break;
      }
      if (!reader.stopped()) await take(reader.end());
      const problems = reader.problems();
      if (problems.length > 0) {
        throw new ValidationError(problems.map((p) => ({ loc: ['line', p.line], msg: p.msg, type: p.type })));
      }
      await flush();

      const idempotent = idempotentRequest(actor.company.id, 'createAnalysisBatch', input.idempotencyKey, {
        name: input.name,
        webhook_endpoint_uuid: input.webhookEndpointUuid,
        format: input.format,
        sha256: hash.digest('hex'),
      });
      const replay = await findReplay(trx, idempotent);
      // The first request's batch is the answer: this one's rows roll back.
      if (replay) throw new ReplayFound((replay.body as { uuid: string }).uuid);
      if (
        idempotent.keyRef &&
        !(await claimIdempotencyKey(trx, idempotent.keyRef, { requestHash: idempotent.requestHash, status: 202, body: { uuid } }))
      ) {
        throw new ConflictError('a request with this Idempotency-Key is being processed');
      }
      await setAnalysisBatchTotals(trx, batch.id, { total: reader.rows(), failed });
      await startWorkflow(deps.temporal, analysisBatchWorkflowContract, workflowInput);
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        action: 'analysis_batch.created',
        resource: { type: 'analysis_batch', uuid },
        changes: {
          status: 'queued',
          name: input.name,
          format: input.format,
          total: reader.rows(),
          failed,
          webhook_endpoint_uuid: input.webhookEndpointUuid,
        },
      });
    })
    .then(
      () => ({ uuid, replayed: false }),
      (error: unknown) => {
        if (error instanceof ReplayFound) return { uuid: error.uuid, replayed: true };
        throw error;
      },
    );
  return outcome;
}

/** Thrown inside the transaction to roll it back when the key's first request is the answer. */
class ReplayFound extends Error {
  constructor(readonly uuid: string) {
    super('replay');
  }
}
