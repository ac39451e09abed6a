import { analysisWorkflowContract } from '../../contracts/analysis-workflow-contract';
import { fenceNewAnalysis } from '../../db/repositories/analyses/analysis-run-repository';
import { insertQueuedAnalysis } from '../../db/repositories/analyses/analysis-repository';
import { claimIdempotencyKey } from '../../db/repositories/tenancy/idempotency-repository';
import { ConflictError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findReplay, idempotentRequest, type Replay } from '../idempotency/support/idempotent-request';
import { assertWebhookEndpointOwned, resolveSubject } from '../subjects/support/resolve-subject';
import { reserveQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';
import { toNewAnalysisRow } from './support/analysis-run';
import { newRun } from './support/new-analysis-run';

export type AsyncAnalysisRequest = {
  entity_id: number;
  client_reference?: string | null;
  source?: string | null;
  webhook_endpoint_uuid?: string | null;
};
export type AsyncAnalysisAccepted = { status: number; body: { analysis_uuid: string; entry_uuid: string } | unknown; replayed: boolean };

/**
 * Async POST /api/analyses: an Idempotency-Key replays its stored answer (no quota); otherwise
 * resolve the subject and the endpoint, take one unit of quota, then record the queued analysis
 * with the key and start its workflow in ONE transaction: committed means the workflow exists,
 * so nothing stays queued that no workflow will process, even when the process dies right after
 * the commit; a failed start rolls the row and the key back and gives the unit back. The run
 * waits for the commit (db/repositories/analyses/analysis-run-repository.ts) and ends quietly if it never comes.
 */
export async function createAsyncAnalysis(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { body: AsyncAnalysisRequest; idempotencyKey: string | undefined },
): Promise<AsyncAnalysisAccepted> {
  const { body, idempotencyKey } = input;
  const request = {
    entity_id: body.entity_id,
    client_reference: body.client_reference ?? null,
    source: body.source ?? null,
    webhook_endpoint_uuid: body.webhook_endpoint_uuid ?? null,
  };
  const idempotent = idempotentRequest(actor.company.id, 'createAnalysisAsync', idempotencyKey, request);
  const replay = await findReplay(deps.db, idempotent);
  if (replay) return { ...replay, replayed: true };

  await resolveSubject(deps.db, { entity_id: request.entity_id });
  if (request.webhook_endpoint_uuid) await assertWebhookEndpointOwned(deps.db, actor.company.id, request.webhook_endpoint_uuid);
  const run = newRun(deps.config, actor, {
    entityId: request.entity_id,
    mode: 'async',
    source: request.source,
    clientReference: request.client_reference,
    webhookEndpointUuid: request.webhook_endpoint_uuid,
  });
  const response = { analysis_uuid: run.uuid, entry_uuid: run.entryUuid };
  const quota = await reserveQuota(deps.db, actor, 'analyses', deps.logger);
  try {
    const claimed = await deps.db.transaction(async (trx) => {
      if (
        idempotent.keyRef &&
        !(await claimIdempotencyKey(trx, idempotent.keyRef, { requestHash: idempotent.requestHash, status: 202, body: response }))
      )
        return false;
      await insertQueuedAnalysis(trx, toNewAnalysisRow(run));
      await fenceNewAnalysis(trx, run.uuid);
      await startWorkflow(deps.temporal, analysisWorkflowContract, run);
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        action: 'analysis.created',
        resource: { type: 'analysis', uuid: run.uuid },
        changes: {
          status: 'queued',
          mode: 'async',
          entity_id: run.entityId,
          client_reference: run.clientReference,
          source: run.source,
          webhook_endpoint_uuid: run.webhookEndpointUuid,
        },
      });
      return true;
    });
    if (!claimed) return await lostTheKeyRace(deps, idempotent, quota.giveBack);
    return { status: 202, body: response, replayed: false };
  } catch (error) {
    await quota.giveBack();
    throw error;
  }
}

/** A concurrent request with the same key won the claim: answer with its response (a replay is not new work). */
async function lostTheKeyRace(
  deps: UsecaseDeps,
  idempotent: ReturnType<typeof idempotentRequest>,
  giveBack: () => Promise<void>,
): Promise<AsyncAnalysisAccepted> {
  const again: Replay | undefined = await findReplay(deps.db, idempotent);
  if (!again) throw new ConflictError('a request with this Idempotency-Key is being processed');
  await giveBack();
  return { ...again, replayed: true };
}
