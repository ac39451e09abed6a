import { acknowledgeMonitorAlert } from '../../db/repositories/monitoring/monitor-alert-repository';
import type { MemberActor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * POST /monitoring/alerts/{uuid}/acknowledge (docs/monitoring.md): open → acknowledged, with its
 * audit event last in the transaction; another company's alert is 404; acknowledging an
 * acknowledged alert changes and records nothing.
 */
export async function acknowledgeAlert(deps: UsecaseDeps, actor: MemberActor, input: { uuid: string }): Promise<{ changed: boolean }> {
  return deps.db.transaction(async (trx) => {
    const result = await acknowledgeMonitorAlert(trx, actor.company.id, input.uuid);
    if (!result) throw new NotFoundError('alert');
    if (result.changed) {
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        action: 'monitor_alert.acknowledged',
        resource: { type: 'monitor_alert', uuid: input.uuid },
        changes: { status: 'acknowledged' },
      });
    }
    return result;
  });
}
