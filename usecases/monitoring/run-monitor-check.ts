import { randomUUID } from 'node:crypto';
import type { AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { MonitorAlertNotice, MonitorCheckInput, MonitorCheckOutcome } from '../../contracts/monitor-workflow-contract';
import { findAlertOfAnalysis, insertMonitorAlert, type MonitorAlertRow } from '../../db/repositories/monitoring/monitor-alert-repository';
import { replaceMonitorEntities } from '../../db/repositories/monitoring/monitor-entity-index-repository';
import {
  findCompanyReviewMonths,
  findMonitorForCheck,
  loadCheckFacts,
  lockMonitorForWork,
  type MonitorRow,
  recordMonitorCheck,
} from '../../db/repositories/monitoring/monitor-repository';
import type { SystemActor } from '../../domain/actor';
import { alertEventData } from '../../domain/monitoring/alert-event-data';
import { nextReviewAt } from '../../domain/monitoring/review-interval';
import { readReviewMonths } from '../../domain/monitoring/review-months-setting';
import { riskIncreased, verdictChange } from '../../domain/monitoring/verdict-change';
import { createAnalysisPipeline, createAnalysisRunCache } from '../analyses/support/analysis-run';
import type { UsecaseDeps } from '../support/usecase-deps';
import { announceMonitorAlert } from './announce-alert';

function noticeOf(monitor: MonitorRow, alert: MonitorAlertRow | undefined): MonitorAlertNotice | null {
  if (!alert) return null;
  return {
    alertUuid: alert.uuid,
    analysisUuid: alert.analysis_uuid,
    companyId: Number(monitor.company_id),
    webhookEndpointUuid: monitor.webhook_endpoint_uuid,
    riskIncreased: riskIncreased(alert),
    eventData: alertEventData(alert),
  };
}

function outcomeOf(monitor: MonitorRow, checked: boolean, alert: MonitorAlertRow | undefined): MonitorCheckOutcome {
  return {
    status: monitor.status,
    checked,
    nextReviewAtMs: monitor.next_review_at ? new Date(monitor.next_review_at).getTime() : null,
    riskLevel: monitor.last_risk_level,
    alert: noticeOf(monitor, alert),
  };
}

/**
 * One check of a monitor (docs/monitoring.md): run the analysis the workflow named (mode
 * `monitoring`: the very pipeline of a sync analysis, one write, not billed), then in ONE
 * transaction on the locked monitor: compare its verdict with the last (domain/monitoring/
 * verdict-change.ts), make the alert when it changed, record the check (last verdict, next review
 * by risk level, in the company's months if it set them) and replace the monitor's entries in the entity → monitor index with the
 * analysis's network. Idempotent: a retry finds the analysis persisted (its uuid) and the check
 * recorded (last_analysis_uuid), and an alert is unique per (monitor, analysis). A monitor that is
 * not active is not analysed: its status goes back to the workflow, which waits.
 */
export async function runMonitorCheck(deps: UsecaseDeps, actor: SystemActor, input: MonitorCheckInput): Promise<MonitorCheckOutcome> {
  const outcome = await checkOnce(deps, input);
  // With `announce` (runs since the `alert-announced-in-check` patch), the alert the check made —
  // or found, on a retry — is announced before the check answers: one activity where the
  // workflow used two more (docs/monitoring.md, "Priority"). Announcing is idempotent.
  if (!input.announce || !outcome.alert) return outcome;
  await announceMonitorAlert(deps, actor, outcome.alert);
  return { ...outcome, announced: true };
}

async function checkOnce(deps: Pick<UsecaseDeps, 'db' | 'config' | 'clock'>, input: MonitorCheckInput): Promise<MonitorCheckOutcome> {
  const monitor = await findMonitorForCheck(deps.db, input.monitorUuid);
  if (!monitor) return { status: 'gone', checked: false, nextReviewAtMs: null, riskLevel: null, alert: null };
  if (monitor.last_analysis_uuid === input.analysisUuid)
    return outcomeOf(monitor, true, await findAlertOfAnalysis(deps.db, monitor.id, input.analysisUuid));
  if (monitor.status !== 'active') return outcomeOf(monitor, false, undefined);

  const analysis: AnalysisWorkflowInput = {
    uuid: input.analysisUuid,
    entryUuid: randomUUID(),
    companyId: Number(monitor.company_id),
    companyUuid: monitor.company_uuid,
    entityId: Number(monitor.entity_id),
    mode: 'monitoring',
    asOf: new Date().toISOString().slice(0, 10),
    source: null,
    clientReference: monitor.client_reference,
    webhookEndpointUuid: null,
    maxDepth: deps.config.GRAPH_MAX_DEPTH,
    maxNodes: deps.config.GRAPH_MAX_NODES,
    uboThresholdPercent: deps.config.UBO_THRESHOLD_PERCENT,
  };
  // Checks write in one statement and never resume from a step: nothing worth caching between them.
  await createAnalysisPipeline(deps, createAnalysisRunCache(1)).runInOneWrite(analysis);
  const facts = await loadCheckFacts(deps.db, input.analysisUuid);
  if (!facts) throw new Error(`monitor check ${input.analysisUuid}: the analysis has no verdict`);

  const recorded = await deps.db.transaction(async (trx) => {
    const locked = await lockMonitorForWork(trx, input.monitorUuid);
    if (!locked || locked.status === 'stopped') return locked;
    if (locked.last_analysis_uuid === input.analysisUuid) return locked;
    const previous =
      locked.last_analysis_uuid && locked.last_verdict_fingerprint && locked.last_risk_level && locked.last_score !== null
        ? {
            score: locked.last_score,
            risk_level: locked.last_risk_level,
            verdict_fingerprint: locked.last_verdict_fingerprint,
            signals: locked.last_signals,
          }
        : null;
    const change = verdictChange(previous, {
      score: facts.score,
      risk_level: facts.riskLevel,
      verdict_fingerprint: facts.verdictFingerprint,
      signals: facts.signals,
    });
    if (change && locked.last_analysis_uuid) {
      await insertMonitorAlert(trx, {
        uuid: randomUUID(),
        company_id: locked.company_id,
        monitor_id: locked.id,
        analysis_uuid: input.analysisUuid,
        previous_analysis_uuid: locked.last_analysis_uuid,
        kind: change.kind,
        previous: change.previous,
        current: change.current,
        signals_added: change.signals_added,
        signals_removed: change.signals_removed,
        causes: input.causes,
      });
    }
    const checkedAt = deps.clock ? deps.clock() : new Date();
    // The company's review months per risk level, if it set them (ops company update --review-months).
    const reviewMonths = readReviewMonths(await findCompanyReviewMonths(trx, Number(locked.company_id)));
    await recordMonitorCheck(trx, locked.id, {
      analysisUuid: input.analysisUuid,
      score: facts.score,
      riskLevel: facts.riskLevel,
      verdictFingerprint: facts.verdictFingerprint,
      signals: facts.signals,
      checkedAt,
      nextReviewAt: nextReviewAt(checkedAt, facts.riskLevel, reviewMonths),
    });
    await replaceMonitorEntities(trx, locked.id, facts.entityIds);
    return lockMonitorForWork(trx, input.monitorUuid);
  });
  if (!recorded) return { status: 'gone', checked: false, nextReviewAtMs: null, riskLevel: null, alert: null };
  return outcomeOf(recorded, recorded.status !== 'stopped', await findAlertOfAnalysis(deps.db, recorded.id, input.analysisUuid));
}
