import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../usecase-deps';
import type { AnalysisMode } from '../../contracts/analysis-workflow-contract';
import { markAnalysisStarted } from '../../db/repositories/analyses/analysis-commit-fence';
import { deleteAnalysis, markAnalysisCanceled, markAnalysisFailed } from '../../db/repositories/analyses/analysis-repository';
import { recordAuditEvent } from '../audit/record-audit-event';
import { giveBackQuotaOf } from '../tenancy/reserve-quota';
import { AnalysisNotCreatedError } from './analysis-failures';

/**
 * An async run reads `running` from its first step on (a sync run is unreadable until it
 * answers). A run whose creating request rolled back finds no analysis: it ends, doing nothing.
 */
export async function startAnalysisRun(deps: Pick<UsecaseDeps, 'db'>, actor: SystemActor, input: { uuid: string }): Promise<void> {
  const { db } = deps;
  const { uuid } = input;
  if (!(await markAnalysisStarted(db, uuid))) throw new AnalysisNotCreatedError(uuid);
}

/**
 * The end of a run that failed: an async analysis stays readable as `failed` without any
 * verdict; a sync one is removed entirely (docs/api-conventions.md: nothing persisted, repeating is safe).
 */
export async function failAnalysisRun(deps: Pick<UsecaseDeps, 'db'>, actor: SystemActor, input: { uuid: string; mode: AnalysisMode; code: string; message: string }): Promise<void> {
  const { db } = deps;
  if (input.mode === 'sync') await deleteAnalysis(db, input.uuid);
  else await markAnalysisFailed(db, input.uuid, { code: input.code, message: input.message.slice(0, 500) });
}

/**
 * The end of an async run canceled through POST /workflows/{id}/cancel: `canceled`, nothing
 * half-written, and the unit of quota it took given back — in one transaction, so a retried
 * cleanup neither gives back twice nor loses the give-back. A run whose last step committed
 * before the cancel took effect keeps its end (completed or failed): `canceled` is false.
 */
export async function cancelAnalysisRun(deps: Pick<UsecaseDeps, 'db' | 'clock'>, actor: SystemActor, input: { uuid: string }): Promise<{ canceled: boolean }> {
  const { db } = deps;
  const { uuid } = input;
  return db.transaction(async (trx) => {
    const canceled = await markAnalysisCanceled(trx, uuid);
    if (canceled) {
      await giveBackQuotaOf(trx, { companyId: canceled.company_id, operation: 'analyses', reservedAt: canceled.created_at });
      await recordAuditEvent({ ...deps, db: trx }, actor, { companyId: canceled.company_id, action: 'analysis.canceled', resource: { type: 'analysis', uuid }, changes: { status: 'canceled' } });
    }
    return { canceled: Boolean(canceled) };
  });
}
