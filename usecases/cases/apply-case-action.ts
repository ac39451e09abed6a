import { randomUUID } from 'node:crypto';
import type { CaseActionInput, CaseActionOutcome } from '../../contracts/case-workflow-contract';
import type { PublishInput } from '../../contracts/webhook-delivery-workflow-contract';
import { type CaseRow, clocksOf, insertCaseNote, lockCase, updateCase } from '../../db/repositories/cases/case-repository';
import { recordedActorOf, type SystemActor } from '../../domain/actor';
import { approveCase, assignCase, type CaseTransition, decideCase, noteCase } from '../../domain/cases/case-actions';
import { NotFoundError } from '../../domain/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../support/usecase-deps';

/**
 * Applies one action (the case workflow's activity): under the case's row lock, asks the pure
 * rules (domain/cases/case-actions.ts), writes the case, its note, the audit event of the actor
 * who asked, and answers the clocks and what to announce. Idempotent: an action already applied
 * (its `actionUuid` is the case's last) answers the case as it is.
 */
export async function applyCaseAction(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: SystemActor,
  input: CaseActionInput,
): Promise<CaseActionOutcome> {
  const now = nowOf(deps);
  return deps.db.transaction(async (trx) => {
    const row = await lockCase(trx, input.caseUuid);
    if (!row) throw new NotFoundError('case');
    if (row.last_action_uuid === input.actionUuid) return { clocks: clocksOf(row), coafDraft: coafDraftOf(row, input), announce: [] };
    const state = { status: row.status, riskLevel: row.risk_level, decision: row.decision };
    const audit = { db: trx, clock: deps.clock, requestId: input.requestId };
    let transition: CaseTransition;
    let changes: Record<string, unknown>;
    let reportUuid: string | null = row.report_uuid;
    const recorded = recordedActorOf(input.actor);
    switch (input.action) {
      case 'assign':
        transition = assignCase(state);
        changes = { assignee: input.assignee, status: transition.status };
        break;
      case 'note': {
        transition = noteCase(state);
        const note = await insertCaseNote(trx, row.id, { uuid: input.actionUuid, author: recorded, text: input.text, createdAt: now });
        changes = { note_uuid: note.uuid, text: input.text };
        break;
      }
      case 'decide':
        transition = decideCase(state, recorded, { outcome: input.outcome, rationale: input.rationale }, now);
        changes = { status: transition.status, outcome: input.outcome, rationale: input.rationale };
        break;
      case 'approve':
        transition = approveCase(state, recorded, { approve: input.approve, comment: input.comment }, now);
        if (transition.coafDeadlineAt) reportUuid = randomUUID();
        changes = {
          status: transition.status,
          approve: input.approve,
          comment: input.comment,
          ...(transition.coafDeadlineAt ? { coaf_deadline_at: transition.coafDeadlineAt.toISOString(), report_uuid: reportUuid } : {}),
        };
        break;
    }
    const updated = await updateCase(
      trx,
      row.id,
      {
        status: transition.status,
        decision: transition.decision,
        last_action_uuid: input.actionUuid,
        ...(input.action === 'assign' ? { assignee: input.assignee } : {}),
        ...(transition.closed ? { closed_at: now } : {}),
        ...(transition.coafDeadlineAt
          ? { coaf_deadline_at: transition.coafDeadlineAt, coaf_clock: 'running' as const, report_uuid: reportUuid }
          : {}),
      },
      now,
    );
    const verb = {
      assign: 'assigned',
      note: 'noted',
      decide: 'decided',
      approve: input.action === 'approve' && input.approve ? 'approved' : 'returned',
    }[input.action];
    await recordAuditEvent(audit, input.actor, {
      companyId: row.company_id,
      action: `case.${verb}`,
      resource: { type: 'case', uuid: row.uuid },
      changes,
    });
    const announce = input.action === 'decide' || input.action === 'approve' ? [decidedEvent(updated)] : [];
    return { clocks: clocksOf(updated), coafDraft: coafDraftOf(updated, input), announce };
  });
}

/** The `coaf_cos` draft an approved `report_to_coaf` links, to be written by the case workflow. */
function coafDraftOf(row: CaseRow, input: CaseActionInput): CaseActionOutcome['coafDraft'] {
  if (input.action !== 'approve' || row.coaf_clock !== 'running' || !row.report_uuid) return null;
  return {
    reportUuid: row.report_uuid,
    analysisUuid: row.analysis_uuid,
    companyId: row.company_id,
    requestedBy: { actor: input.actor, requestId: input.requestId },
  };
}

function decidedEvent(row: CaseRow): PublishInput {
  return {
    companyId: row.company_id,
    type: 'case.decided',
    data: {
      case_uuid: row.uuid,
      analysis_uuid: row.analysis_uuid,
      status: row.status,
      outcome: row.decision?.outcome ?? null,
      coaf_deadline_at: row.coaf_deadline_at?.toISOString() ?? null,
      report_uuid: row.report_uuid,
    },
    idempotencyKey: `case-${row.uuid}-decided-${row.last_action_uuid}`,
  };
}
