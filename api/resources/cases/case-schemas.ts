import { z } from 'zod';
import { caseOutcomes } from '../../../domain/cases/case-actions';
import { casePriorities, caseStatuses } from '../../../domain/cases/case-policy';
import { roles } from '../../../domain/roles';
import { cursorSchema as cursor, limitSchema as limit } from '../../edge/pagination';
import { text } from '../../edge/request-fields';
import { auditActorSchema } from '../audit-events/audit-event-schemas';
import { caseExample, personExample } from './case-examples';

/** The cases' bodies (docs/people-and-cases.md, "Cases"). */
const actor = auditActorSchema;
const instantText = z.string().describe('ISO 8601, UTC, milliseconds');

export const caseStatusSchema = z.enum(caseStatuses).meta({ id: 'CaseStatus' });
export const casePrioritySchema = z.enum(casePriorities).meta({ id: 'CasePriority' });

export const caseSchema = z
  .object({
    uuid: z.uuid(),
    status: caseStatusSchema,
    priority: casePrioritySchema.describe("from the verdict's risk level: low → low, medium → normal, high → high, critical → urgent"),
    risk_level: z.enum(['low', 'medium', 'high', 'critical']),
    subject: z
      .object({ entity_id: z.int(), entity_type: z.string(), document: z.string().nullable(), name: z.string() })
      .describe('who the case is about, as the verdict names them'),
    analysis_uuid: z.uuid(),
    alert_uuid: z.uuid().nullable().describe('the monitoring alert that opened the case, if one did'),
    reason: z.string().describe('review_required or escalation_required when the service opened it; the reason given when opened by hand'),
    opened_by: actor,
    assignee: actor.nullable(),
    due_at: instantText.describe('the service level: the end of the last business day of the priority in São Paulo'),
    overdue: z.boolean().describe('a clock ran out: the service level while open, or the COAF deadline before filing'),
    overdue_at: instantText.nullable(),
    decision: z
      .object({
        outcome: z.enum(caseOutcomes),
        rationale: z.string(),
        decided_by: actor,
        decided_at: instantText,
        approved_by: actor.nullable(),
        approved_at: instantText.nullable(),
        approval_comment: z.string().nullable(),
      })
      .nullable()
      .describe('the decision; approved_by is another actor than decided_by (four eyes)'),
    coaf_deadline_at: instantText
      .nullable()
      .describe('an approved report_to_coaf: the end of the next business day in São Paulo (Circular 3.978 art. 48 §2)'),
    coaf_clock: z.enum(['running', 'filed', 'overdue']).nullable().describe('the COAF clock: running until report_uuid is filed'),
    report_uuid: z.uuid().nullable().describe('the coaf_cos draft an approved report_to_coaf links'),
    notes: z
      .array(z.object({ uuid: z.uuid(), author: actor, text: z.string(), created_at: instantText }))
      .optional()
      .describe('oldest first; in the detail only'),
    created_at: instantText,
    updated_at: instantText,
    closed_at: instantText.nullable(),
  })
  .meta({ id: 'Case', examples: [caseExample] });

export const casePageSchema = z
  .object({ items: z.array(caseSchema), next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last') })
  .meta({ id: 'CasePage', examples: [{ items: [caseExample], next_cursor: null }] });

export const caseParamsSchema = z.strictObject({ uuid: z.uuid().describe('the case uuid') });

/** GET /cases: the queue's filters; anything else is 422. */
export const listCasesQuery = z.strictObject({
  status: caseStatusSchema.optional().describe('only cases in this status'),
  priority: casePrioritySchema.optional().describe('only cases of this priority'),
  assignee: text({ max: 64, min: 1 })
    .optional()
    .describe("only cases assigned to this actor (a person's id or a key's uuid); `me` for the caller, `none` for unassigned"),
  overdue: z.enum(['true', 'false']).optional().describe('only cases whose clock ran out (true) or did not (false)'),
  cursor,
  limit,
});
export type ListCasesQuery = z.infer<typeof listCasesQuery>;

export const openCaseRequestSchema = z
  .strictObject({
    analysis_uuid: z.uuid().describe('a completed analysis of the caller'),
    reason: text({ max: 2000, min: 3, trim: true }).describe('why the case is opened'),
  })
  .meta({
    id: 'OpenCase',
    examples: [
      { analysis_uuid: caseExample.analysis_uuid, reason: 'Customer asked for an unusual credit line; review the ownership chain.' },
    ],
  });

export const assignCaseRequestSchema = z
  .strictObject({ assignee_id: z.uuid().describe("a person's id or an API key's uuid of the caller's company (422 otherwise)") })
  .meta({ id: 'AssignCase', examples: [{ assignee_id: caseExample.assignee.id }] });

export const caseNoteRequestSchema = z
  .strictObject({ text: text({ max: 10_000, min: 1, trim: true }).describe('the note') })
  .meta({ id: 'CaseNote', examples: [{ text: 'Registry chain checked against the BODS statements.' }] });

export const caseDecisionRequestSchema = z
  .strictObject({
    outcome: z
      .enum(caseOutcomes)
      .describe('approve (low or medium risk: closes the case), approve_with_edd, reject or report_to_coaf (await an approval)'),
    rationale: text({ max: 10_000, min: 3, trim: true }).describe('why: required'),
  })
  .meta({ id: 'CaseDecision', examples: [{ outcome: 'report_to_coaf', rationale: caseExample.decision.rationale }] });

export const caseApprovalRequestSchema = z
  .strictObject({
    approve: z.boolean().describe('true closes the case; false returns it to in_review (the decision is withdrawn)'),
    comment: text({ max: 10_000, trim: true }).nullable().optional().describe("the approver's comment"),
  })
  .meta({ id: 'CaseApproval', examples: [{ approve: true, comment: 'Agreed; communicate today.' }] });

export const personSchema = z
  .object({
    id: z.uuid().describe("the person's id (assign cases to it)"),
    name: z.string(),
    email: z.string().nullable(),
    roles: z
      .array(z.enum(roles))
      .describe('as the identity provider said at their last sign-in; only an `officer` approves case decisions'),
    active: z
      .boolean()
      .describe(
        'false once deactivated (`ops people deactivate`): their keys and sessions are ended, they sign in no more, and cases cannot be assigned to them',
      ),
    deactivated_at: z.string().nullable().describe('when they were deactivated (ISO 8601, UTC); null while active'),
  })
  .meta({ id: 'Person', examples: [personExample] });
export const peopleSchema = z
  .object({ items: z.array(personSchema), next_cursor: z.null().describe('always null: one page') })
  .meta({ id: 'PersonList', examples: [{ items: [personExample], next_cursor: null }] });
