import type { FanOutBatchInput, FanOutBatchResult } from '../../contracts/monitoring-fanout-workflow-contract';
import { monitorSignals, type ReanalyseSignal } from '../../contracts/monitor-workflow-contract';
import { findMonitorsOfChange } from '../../db/repositories/monitoring/monitor-entity-index-repository';
import type { SystemActor } from '../../domain/actor';
import { signalWorkflow } from '../../infra/signal-workflow';
import type { UsecaseDeps } from '../usecase-deps';

/** Signals in flight at once: bounded, so a fan-out never floods the Temporal frontend. */
const SIGNAL_CONCURRENCY = 16;

/** The key of one import's change: a monitor ignores a second signal with it (a retried batch). */
export const changeKeyOf = (change: { source: string; version: string }) => `${change.source}:${change.version}`;

/**
 * One batch of an import's fan-out (docs/monitoring.md, "Change detection"): the next `limit`
 * live monitors whose network holds a changed entity, each signalled `reanalyse` with the change
 * as its cause. Idempotent: a retried batch signals the same monitors with the same key, which
 * they ignore; a monitor that re-analyses anyway finds the same verdict fingerprint and alerts
 * nothing. A monitor whose run has ended (stopped) is skipped. `heartbeat` is called after each
 * group of signals: a worker lost mid-batch (kill -9) is noticed within the activity's heartbeat
 * timeout and the batch retried elsewhere, not at its start-to-close timeout.
 */
export async function fanOutChangeBatch(deps: Pick<UsecaseDeps, 'db' | 'temporal'>, _actor: SystemActor, input: FanOutBatchInput, heartbeat: () => void = () => {}): Promise<FanOutBatchResult> {
  const monitors = await findMonitorsOfChange(deps.db, input, input.afterMonitorId, input.limit);
  const signal: ReanalyseSignal = { key: changeKeyOf(input), causes: [{ source: input.source, version: input.version }] };
  let signaled = 0;
  for (let i = 0; i < monitors.length; i += SIGNAL_CONCURRENCY) {
    const results = await Promise.all(monitors.slice(i, i + SIGNAL_CONCURRENCY).map((m) => signalWorkflow(deps.temporal, m.workflow_id, monitorSignals.reanalyse, signal, 10_000)));
    signaled += results.filter((r) => r.delivered).length;
    heartbeat();
  }
  return { signaled, lastMonitorId: monitors.length === input.limit ? monitors[monitors.length - 1].id : null };
}
