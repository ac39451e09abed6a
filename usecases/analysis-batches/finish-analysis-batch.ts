import { cancelPendingBatchRows, updateAnalysisBatchStatus } from '../../db/repositories/analysis-batches/analysis-batch-repository';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { publishWebhookEvent } from '../webhooks/publish-webhook-event';
import { batchEventData } from './support/batch-event-data';
import { batchForWork } from './support/batch-for-work';

/**
 * The end: every row done (completed), or a cancel whose rows in flight have finished (the
 * pending rows left, claimed by a run that will never finish them, are canceled). A completed
 * batch announces `analysis_batch.completed`, once (the event's key is the batch).
 */
export async function finishAnalysisBatch(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: { batchUuid: string; canceled: boolean },
): Promise<void> {
  const batch = await batchForWork(deps, input.batchUuid);
  if (input.canceled) {
    await cancelPendingBatchRows(deps.db, batch.id, { unclaimedOnly: false });
    await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'canceled' });
    return;
  }
  const ended =
    (await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'completed', from: ['queued', 'running', 'completed'] })) ?? batch;
  if (ended.status !== 'completed') return;
  await publishWebhookEvent(deps, actor, {
    companyId: batch.company_id,
    type: 'analysis_batch.completed',
    data: batchEventData(ended),
    explicitEndpointUuid: batch.webhook_endpoint_uuid,
    idempotencyKey: `analysis_batch.completed:${batch.uuid}`,
  });
}
