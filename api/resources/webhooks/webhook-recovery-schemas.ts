import { z } from 'zod';
import { instant } from '../../edge/request-fields';

/** POST /webhooks/endpoints/{uuid}/recover (docs/webhooks.md): the body and the answer. */
export const recoverEndpointBody = z
  .strictObject({
    since: instant()
      .transform((v) => new Date(v))
      .refine((d) => d.getTime() <= Date.now(), { message: 'must not be in the future', params: { type: 'since_in_future' } })
      .describe('retry the failed events created at or after this instant (ISO 8601 with offset)'),
  })
  .meta({ id: 'RecoverWebhookEndpoint', examples: [{ since: '2026-11-22T00:00:00Z' }] });

export const endpointRecoverySchema = z
  .object({
    endpoint_uuid: z.uuid(),
    since: z.string(),
    failed_count: z.int().describe('failed events of the endpoint created since `since` when the recover started'),
    workflow_id: z.string().describe('the recover: GET /workflows/{workflow_id} tells its status and progress (`current_step`)'),
  })
  .meta({
    id: 'WebhookEndpointRecovery',
    examples: [
      {
        endpoint_uuid: '7d3e2f1a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
        since: '2026-11-22T00:00:00.000Z',
        failed_count: 402,
        workflow_id: 'webhook-recovery-7d3e2f1a-5b6c-4d7e-8f90-a1b2c3d4e5f6-1795305600000',
      },
    ],
  });
