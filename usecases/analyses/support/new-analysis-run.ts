import { randomUUID } from 'node:crypto';
import { type Config, testStepDelayOf } from '../../../config/config';
import type { AnalysisMode, AnalysisWorkflowInput } from '../../../contracts/analysis-workflow-contract';
import type { MemberActor } from '../../../domain/actor';

/** A new run: fresh ids, today's date as as_of (UTC), the graph bounds of configuration. */
export function newRun(
  config: Config,
  actor: MemberActor,
  fields: {
    entityId: number;
    mode: AnalysisMode;
    source: string | null;
    clientReference: string | null;
    webhookEndpointUuid: string | null;
  },
): AnalysisWorkflowInput {
  return {
    ...fields,
    uuid: randomUUID(),
    entryUuid: randomUUID(),
    companyId: actor.company.id,
    companyUuid: actor.company.uuid,
    asOf: new Date().toISOString().slice(0, 10),
    maxDepth: config.GRAPH_MAX_DEPTH,
    maxNodes: config.GRAPH_MAX_NODES,
    uboThresholdPercent: config.UBO_THRESHOLD_PERCENT,
    // Tests only (never in production: loadConfig refuses the setting); a sync run never waits.
    ...(fields.mode === 'async' ? testStepDelayOf(config) : {}),
  };
}
