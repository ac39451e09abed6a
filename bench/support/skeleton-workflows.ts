import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { proxyLocalActivities, upsertSearchAttributes } from '@temporalio/workflow';

/**
 * The Temporal shape of the service's two hot workflows with the work taken out (bench
 * workflow-cost): what orchestration alone costs per item on this machine.
 */
type SkeletonActivities = { reportOutcome(id: string): Promise<Record<string, unknown>> };

const step = proxyLocalActivities<SkeletonActivities>({ startToCloseTimeout: '30s' });
const riskLevelKey = defineSearchAttributeKey('RiskLevel', SearchAttributeType.KEYWORD);

export async function emptyWorkflow(): Promise<number> {
  return 1;
}

/** webhookDeliveryWorkflow's healthy path: one local activity (the attempt), then done. */
export async function deliverySkeleton(id: string): Promise<string> {
  const outcome = await step.reportOutcome(id);
  return String(outcome.status);
}

/** analysisWorkflow's sync path: one local activity (runAnalysis), the RiskLevel upsert, the summary as result. */
export async function analysisSkeleton(id: string): Promise<Record<string, unknown>> {
  const summary = await step.reportOutcome(id);
  upsertSearchAttributes([{ key: riskLevelKey, value: String((summary.risk as { risk_level: string }).risk_level) }]);
  return summary;
}
