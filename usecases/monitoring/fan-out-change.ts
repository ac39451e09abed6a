import type { FanOutBatchInput, FanOutBatchResult } from '../../contracts/monitoring-fanout-workflow-contract';
import { monitorSignals, type ReanalyseSignal } from '../../contracts/monitor-workflow-contract';
import { findMonitorsOfChange } from '../../db/repositories/monitoring/monitor-entity-index-repository';
import type { SystemActor } from '../../domain/actor';
import { signalWorkflowsInGroups } from '../../infra/signal-workflow';
import type { UsecaseDeps } from '../support/usecase-deps';

/** The key of one import's change: a monitor ignores a second signal with it (a retried batch). */
const changeKeyOf = (change: { source: string; version: string }) => `${change.source}:${change.version}`;

/**
 * One batch of an import's fan-out (docs/monitoring.md, "Change detection"): the next `limit`
 * live monitors whose network holds a changed entity, each signalled `reanalyse` with the change
 * as its cause. Idempotent: a retried batch signals the same monitors with the same key, which
 * they ignore; a monitor that re-analyses anyway finds the same verdict fingerprint and alerts
 * nothing. A monitor whose run has ended (stopped) is skipped. `deps.heartbeat` is called after each
 * group of signals: a worker lost mid-batch (kill -9) is noticed within the activity's heartbeat
 * timeout and the batch retried elsewhere, not at its start-to-close timeout.
 */
export async function fanOutChangeBatch(
  deps: Pick<UsecaseDeps, 'db' | 'temporal' | 'heartbeat'>,
  actor: SystemActor,
  input: FanOutBatchInput,
): Promise<FanOutBatchResult> {
  const monitors = await findMonitorsOfChange(deps.db, input, input.afterMonitorId, input.limit);
  const signal: ReanalyseSignal = { key: changeKeyOf(input), causes: [{ source: input.source, version: input.version }] };
  const signaled = await signalWorkflowsInGroups(
    deps.temporal,
    monitors,
    (m) => ({ workflowId: m.workflow_id, name: monitorSignals.reanalyse, arg: signal }),
    deps.heartbeat ?? (() => {}),
  );
  return { signaled, lastMonitorId: monitors.length === input.limit ? monitors[monitors.length - 1].id : null };
}
