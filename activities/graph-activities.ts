import { ApplicationFailure } from '@temporalio/activity';
import {
  type GraphExpansionInput,
  type GraphExpansionResult,
  graphExpansionWorkflowContract,
} from '../contracts/graph-expansion-workflow-contract';
import { ConflictError, NotFoundError } from '../domain/errors';
import { expandGraphNode } from '../usecases/graph/expand-graph-node';
import { SYSTEM_ACTOR } from '../domain/actor';
import type { ActivityDeps } from './activity-deps';

const failures = graphExpansionWorkflowContract.failureTypes;

export function createGraphActivities(deps: ActivityDeps) {
  return {
    /** usecases/graph/expand-graph-node.ts; an unknown node or an unbuilt graph cannot be cured by retrying. */
    async expandGraphNode(input: GraphExpansionInput): Promise<GraphExpansionResult> {
      try {
        return await expandGraphNode(deps, SYSTEM_ACTOR, input);
      } catch (error) {
        if (error instanceof NotFoundError) throw ApplicationFailure.nonRetryable(error.message, failures.notFound);
        if (error instanceof ConflictError) throw ApplicationFailure.nonRetryable(error.message, failures.notReady);
        throw error;
      }
    },
  };
}
