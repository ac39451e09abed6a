import { analysisWorkflowContract, type AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { NewAnalysis, VerdictColumns } from '../../db/repositories/analyses/analysis-row';
import type { Verdict } from '../../domain/analysis/verdict';

/** The analyses row a run creates: the workflow input is its own type, the row is derived from it. */
export function toNewAnalysisRow(input: AnalysisWorkflowInput): NewAnalysis {
  return {
    uuid: input.uuid,
    companyId: input.companyId,
    entityId: input.entityId,
    mode: input.mode,
    entryUuid: input.entryUuid,
    asOf: input.asOf,
    workflowId: analysisWorkflowContract.workflowId(input),
    source: input.source,
    clientReference: input.clientReference,
    webhookEndpointUuid: input.webhookEndpointUuid,
  };
}

/** The verdict's columns: the whole verdict and what lists filter and sort on. */
export function verdictColumnsOf(verdict: Verdict): VerdictColumns {
  const v = verdict.versions;
  return {
    verdict, score: verdict.risk.score, riskLevel: verdict.risk.risk_level, inputFingerprint: v.input_fingerprint,
    verdictFingerprint: v.verdict_fingerprint, engineFingerprint: v.engine_fingerprint, rulesVersion: v.rules_version,
  };
}
