import { monitorSignals } from '../../contracts/monitor-workflow-contract';
import { lockMonitor, type MonitorRow, type MonitorStatus, setMonitorStatus } from '../../db/repositories/monitoring/monitor-repository';
import type { MemberActor } from '../../domain/actor';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { signalWorkflow } from '../../infra/signal-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

export type MonitorStatusChange = 'pause' | 'resume' | 'stop';

/** From which statuses each change may go, and where it ends. */
const transitions: Record<MonitorStatusChange, { from: MonitorStatus[]; to: MonitorStatus; action: string; signal: string }> = {
  pause: { from: ['active'], to: 'paused', action: 'monitor.paused', signal: monitorSignals.pause },
  resume: { from: ['paused'], to: 'active', action: 'monitor.resumed', signal: monitorSignals.resume },
  stop: { from: ['active', 'paused'], to: 'stopped', action: 'monitor.stopped', signal: monitorSignals.stop },
};

/**
 * POST /monitors/{uuid}/pause, /resume and DELETE /monitors/{uuid} (docs/monitoring.md): one
 * write path, the status of the row. In one transaction: lock the company's monitor (another
 * company's is 404), change its status, signal its workflow (Temporal unreachable: 502, nothing
 * changed) and append the audit event last. The row is the truth: the signal only wakes the run,
 * which reads the status at its next check. Repeating a change that already holds (pause a paused
 * monitor) is answered with the monitor and records nothing (its signal is sent again: harmless, and
 * the route reaches Temporal either way); one that does not fit the status
 * (resume a stopped monitor) is 409.
 */
export async function changeMonitorStatus(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; change: MonitorStatusChange },
): Promise<{ changed: boolean }> {
  const t = transitions[input.change];
  return deps.db.transaction(async (trx) => {
    const monitor: MonitorRow | undefined = await lockMonitor(trx, actor.company.id, input.uuid);
    if (!monitor) throw new NotFoundError('monitor');
    if (monitor.status === t.to) {
      // Already so: nothing to write or audit; the signal again wakes a run that missed the first.
      await signalWorkflow(deps.temporal, monitor.workflow_id, t.signal);
      return { changed: false };
    }
    if (!t.from.includes(monitor.status)) throw new ConflictError(`a ${monitor.status} monitor cannot ${input.change}`);
    await setMonitorStatus(trx, monitor.id, t.to);
    // A monitor whose run ended (operators terminated it) still changes status: nothing to wake.
    await signalWorkflow(deps.temporal, monitor.workflow_id, t.signal);
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: t.action,
      resource: { type: 'monitor', uuid: monitor.uuid },
      changes: { status: t.to, previous_status: monitor.status },
    });
    return { changed: true };
  });
}
