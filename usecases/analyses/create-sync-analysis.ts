import type { AnalysisSummary } from '../../contracts/analysis-workflow-contract';
import type { MemberActor } from '../../domain/actor';
import { resolveSubject } from '../subjects/support/resolve-subject';
import { withQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';
import { awaitSyncRun } from './support/await-sync-run';
import { newRun } from './support/new-analysis-run';

export type SyncAnalysisRequest = { document?: string | null; entity_id?: number | null; source?: string | null };
/**
 * Sync POST /analyses: resolve the subject (422/404/409 hold no quota), take one unit of the
 * `analyses` quota, run the workflow and wait for its verdict. Not idempotent (docs/analyses.md rule 1).
 * A run that fails persisted nothing and gives the unit back.
 */
export async function createSyncAnalysis(deps: UsecaseDeps, actor: MemberActor, input: SyncAnalysisRequest): Promise<AnalysisSummary> {
  const entityId = await resolveSubject(deps.db, input);
  const run = {
    ...newRun(deps.config, actor, {
      entityId,
      mode: 'sync',
      source: input.source ?? null,
      clientReference: null,
      webhookEndpointUuid: null,
    }),
    requestedBy: { actor, requestId: deps.requestId ?? null },
  };
  return withQuota(deps.db, actor, 'analyses', deps.logger, () => awaitSyncRun(deps, run));
}
