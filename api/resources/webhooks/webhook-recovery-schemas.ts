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
    count: z.int().describe('failed events given a new delivery run'),
    event_uuids: z.array(z.uuid()),
    skipped: z.array(z.object({ uuid: z.uuid(), reason: z.string() })),
    more: z.boolean().describe('more failed events are left: call again'),
  })
  .meta({
    id: 'WebhookEndpointRecovery',
    examples: [{
      endpoint_uuid: '7d3e2f1a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
      since: '2026-11-22T00:00:00.000Z',
      count: 2,
      event_uuids: ['c4d5e6f7-0a1b-4c2d-9e3f-405162738495', 'd5e6f7a8-1b2c-4d3e-8f40-516273849506'],
      skipped: [],
      more: false,
    }],
  });
