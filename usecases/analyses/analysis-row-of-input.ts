import { analysisWorkflowContract, type AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { NewAnalysis } from '../../db/repositories/analysis-row';

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
