import type { ExpansionDomain } from '../domain/graph/expansion/expansion-domains';
import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

export type GraphExpansionInput = {
  companyId: number;
  companyUuid: string;
  analysisUuid: string;
  nodeKey: string;
  domains: ExpansionDomain[];
};
export type GraphExpansionResult = { domains: ExpansionDomain[]; addedNodes: number; addedEdges: number };

export const graphExpansionWorkflowContract = defineWorkflowContract<GraphExpansionInput, GraphExpansionResult, 'notFound' | 'notReady'>({
  kind: 'graph_expansion',
  workflowType: 'graphExpansionWorkflow',
  // Short, interactive and next to the analyses it extends.
  taskQueue: taskQueues.analyses,
  // Same node and domains → same id: simultaneous identical requests share one run.
  // A person exploring the graph waits for the answer.
  priority: 'interactive',
  workflowId: (input) => `graph-expansion-${input.analysisUuid}-${input.nodeKey}-${[...input.domains].sort().join('+') || 'none'}`,
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.analysisUuid },
    { key: searchAttributeKeys.analysisUuid, value: input.analysisUuid },
  ],
  failureTypes: { notFound: 'GraphTargetNotFound', notReady: 'GraphNotReady' },
});
