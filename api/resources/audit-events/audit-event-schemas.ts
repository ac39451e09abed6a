import { z } from 'zod';
import { instantFilter } from '../../edge/list-filters';
import { cursorSchema as cursor, limitSchema as limit } from '../../edge/pagination';
import { text } from '../../edge/request-fields';
import { auditEventExample, auditVerificationExample, brokenAuditVerificationExample } from './audit-event-examples';

/** The audit trail's bodies (docs/people-and-cases.md, "The audit trail"). */
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const auditActorSchema = z
  .object({
    type: z.enum(['user', 'api_key', 'operator', 'system']).describe("a person, an API key, the ops CLI's operator, or the service itself"),
    id: z.string().describe("a person's id, a key's uuid, the operator's name, or the service's name"),
    name: z.string(),
    via_key: z
      .uuid()
      .optional()
      .describe("a person acting through their personal API key: the key's uuid (absent when signed in, and for every other actor)"),
  })
  .meta({ id: 'AuditActor' });

export const auditEventSchema = z
  .object({
    uuid: z.uuid(),
    company_uuid: z.uuid().nullable().describe('the company whose chain holds the event'),
    seq: z.int().describe("the place of the event in its company's chain, from 1, without gaps"),
    at: z.string().describe('when the change committed (ISO 8601, UTC, milliseconds)'),
    actor: auditActorSchema,
    action: z
      .string()
      .describe('`<resource>.<verb>` in snake case: analysis.created, report.finalized, webhook_endpoint.updated, key.created…'),
    resource: z.object({ type: z.string(), uuid: z.string().describe("the resource's public id") }),
    request_id: z
      .string()
      .nullable()
      .describe('the X-Request-Id of the HTTP request that made the change; null for the ops CLI and the service'),
    changes: z.record(z.string(), z.unknown()).describe('the fields that changed; a secret never appears (its value reads "[redacted]")'),
    chain: z
      .object({
        prev_sha256: sha256.describe("the previous event's sha256 (64 zeros for the first)"),
        sha256: sha256.describe('SHA-256 of the canonical JSON of this event without `chain`, with `prev_sha256` beside its fields'),
      })
      .describe('the link in the per-company hash chain'),
  })
  .meta({ id: 'AuditEvent', examples: [auditEventExample] });
export type AuditEventBody = z.infer<typeof auditEventSchema>;

const filterText = (max: number) => text({ max, min: 1 }).optional();

/** GET /audit-events: the filters of the list; anything else is 422. */
export const listAuditEventsQuery = z
  .strictObject({
    actor_type: z.enum(['user', 'api_key', 'operator', 'system']).optional().describe('only events by this kind of actor'),
    actor_id: filterText(256).describe("only events by this actor (a person's id, a key's uuid, an operator's name)"),
    action: filterText(100).describe('only events of this action, e.g. report.finalized'),
    resource_type: filterText(64).describe('only events about this kind of resource, e.g. analysis'),
    resource_uuid: filterText(256).describe('only events about this resource'),
    from: instantFilter.describe('only events at or after this instant (ISO 8601 with offset, or a date: midnight UTC)'),
    to: instantFilter.describe('only events before this instant (ISO 8601 with offset, or a date: midnight UTC)'),
    cursor,
    limit,
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from >= query.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from', params: { type: 'range_invalid' } });
  });
export type ListAuditEventsQuery = z.infer<typeof listAuditEventsQuery>;

export const auditEventPageSchema = z
  .object({
    items: z.array(auditEventSchema),
    next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last'),
  })
  .meta({ id: 'AuditEventPage', examples: [{ items: [auditEventExample], next_cursor: null }] });

export const auditVerificationSchema = z
  .object({
    valid: z.boolean().describe('every link and every hash of the chain holds'),
    events: z.int().describe('events read'),
    head_sha256: sha256.describe('the sha256 of the last event (64 zeros for an empty chain)'),
    first_invalid: z
      .object({
        seq: z.int(),
        reason: z
          .enum(['seq_gap', 'prev_sha256_mismatch', 'sha256_mismatch'])
          .describe(
            'an event missing or inserted before it; its link does not name the previous hash; its content does not hash to its sha256',
          ),
      })
      .nullable()
      .describe('the first event that breaks the chain; null when valid'),
  })
  .meta({ id: 'AuditChainVerification', examples: [auditVerificationExample, brokenAuditVerificationExample] });

/** GET /audit-events/export: the chain as JSON lines, one AuditEvent per line, oldest first. */
export const auditEventLinesSchema = z
  .string()
  .describe('one AuditEvent per line (JSON), oldest first, each ending in a newline')
  .meta({ id: 'AuditEventLines', examples: [`${JSON.stringify(auditEventExample)}\n`] });
