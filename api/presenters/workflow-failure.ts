import type { RunFailure } from '../../infra/workflow-history';
import type { WorkflowRunStatus } from '../../infra/visibility-query';

/**
 * The failure of a run as a customer may read it: a stable type and a public message, never the
 * internal text Temporal recorded (a database error, a stack). Only the delivery failure's own
 * message — attempt number and last status code, which the customer's endpoint produced — is
 * passed on as it is.
 */
const publicMessages: Record<string, string> = {
  analysis_data_error: 'the analysis could not be computed from the data of its subject',
  analysis_step_failed: 'a step of the analysis failed; creating a new analysis is safe',
  ScreeningNotFound: 'the screening no longer exists',
  WebhookEventNotFound: 'the webhook event no longer exists',
  GraphTargetNotFound: 'the graph node to expand was not found',
  GraphNotReady: 'the analysis graph was not ready',
  TimedOut: 'the workflow timed out',
};
const verbatim = new Set(['WebhookDeliveryFailed']);

export function publicFailure(status: WorkflowRunStatus, failure: RunFailure | null): { type: string; message: string } | null {
  if (status === 'canceled') return { type: 'canceled', message: 'the workflow was canceled' };
  if (status === 'terminated') return { type: 'terminated', message: 'the workflow was terminated by an operator' };
  if (status === 'timed_out') return { type: 'TimedOut', message: publicMessages.TimedOut };
  if (status !== 'failed') return null;
  const type = failure?.type ?? 'failed';
  if (verbatim.has(type) && failure?.message) return { type, message: failure.message };
  return { type, message: publicMessages[type] ?? 'the workflow failed' };
}
