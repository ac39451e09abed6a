import { findCase, listCaseNotes, listCases } from '../../../db/repositories/cases/case-repository';
import { listPeople } from '../../../db/repositories/people/person-repository';
import { type CaseAction, requestCaseAction } from '../../../usecases/cases/request-case-action';
import { openCase } from '../../../usecases/cases/open-case';
import { NotFoundError } from '../../../domain/errors';
import type { Executor } from '../../../db/create-db';
import { decodeCursor, idPosition, queryBinding, toPage } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { presentCase } from '../../presenters/case-presenter';
import {
  assignCaseRequestSchema,
  caseApprovalRequestSchema,
  caseDecisionRequestSchema,
  caseNoteRequestSchema,
  casePageSchema,
  caseParamsSchema,
  caseSchema,
  type ListCasesQuery,
  listCasesQuery,
  openCaseRequestSchema,
  peopleSchema,
} from './case-schemas';

const tags = ['cases'];
const notFound = { description: 'no such case for the calling company' };
const conflict = { description: "the action does not fit the case's status" };
const unavailable = { description: 'Temporal or Postgres unavailable; nothing was changed' };

async function readCase(db: Executor, companyId: number, uuid: string) {
  const row = await findCase(db, companyId, uuid.toLowerCase());
  if (!row) throw new NotFoundError('case');
  return presentCase(row, await listCaseNotes(db, row.id));
}

/** One action on a case: sent to its workflow (usecases/cases/request-case-action.ts), answered with the case after it. */
function caseActionRoute<B>(spec: {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  scope: 'cases:write' | 'cases:approve';
  body: any;
  responses?: Record<number, { description: string }>;
  toAction: (body: B) => CaseAction;
}) {
  return defineRoute({
    method: 'post',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags,
    auth: { scope: spec.scope },
    temporal: true,
    params: caseParamsSchema,
    body: spec.body,
    responses: {
      200: { description: 'the case after the action', schema: caseSchema },
      404: notFound,
      409: conflict,
      502: unavailable,
      ...spec.responses,
    },
    handler: async ({ params, body, actor, deps, auth }) => {
      await requestCaseAction(deps, actor, { caseUuid: params.uuid, action: spec.toAction(body as B) });
      return { status: 200, body: await readCase(deps.db, auth.companyId, params.uuid) };
    },
  });
}

/** Cases (docs/people-and-cases.md, "Cases"): the queue, a case, and the actions its workflow applies. */
export const caseRoutes = [
  defineRoute({
    method: 'get',
    path: '/cases',
    operationId: 'listCases',
    summary: "The company's cases, newest first, filtered: the queue",
    description:
      'Filters: status, priority, assignee (an actor id, `me`, or `none` for unassigned), overdue. Pages of `limit` (1–200, default 50) with next_cursor; unknown query parameters are 422. Items carry no notes (the detail does).',
    tags,
    auth: { scope: 'cases:read' },
    query: listCasesQuery,
    responses: { 200: { description: 'a page of cases', schema: casePageSchema } },
    handler: async ({ query, auth, actor, deps }) => {
      const { cursor, limit, ...filters } = query as ListCasesQuery;
      const binding = queryBinding(filters);
      const beforeId = decodeCursor(cursor, idPosition, binding) ?? null;
      const assignee = filters.assignee === 'me' ? actor.id : filters.assignee === 'none' ? undefined : filters.assignee?.toLowerCase();
      const rows = await listCases(
        deps.db,
        auth.companyId,
        {
          status: filters.status,
          priority: filters.priority,
          assigneeId: assignee,
          unassigned: filters.assignee === 'none',
          overdue: filters.overdue === undefined ? undefined : filters.overdue === 'true',
        },
        { beforeId, limit: limit + 1 },
      );
      return {
        status: 200,
        body: toPage(
          rows,
          limit,
          (row) => presentCase(row, null),
          (row) => Number(row.id),
          binding,
        ),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/cases',
    operationId: 'openCase',
    summary: 'Open a case by hand on a completed analysis',
    description:
      'The service opens a case by itself for a verdict with review_required or escalation_required; this opens one for any completed analysis, for the reason given. 404: no such analysis for the caller; 409: it is not completed, or it has a case that is not closed (named). Emits case.opened.',
    tags,
    auth: { scope: 'cases:write' },
    temporal: true,
    body: openCaseRequestSchema,
    responses: {
      201: { description: 'the case', schema: caseSchema },
      404: { description: 'no such analysis for the calling company' },
      409: { description: 'the analysis is not completed, or already has a case in progress' },
      502: unavailable,
    },
    handler: async ({ body, actor, deps, auth }) => {
      const row = await openCase(deps, actor, { analysisUuid: body.analysis_uuid, reason: body.reason });
      return { status: 201, body: await readCase(deps.db, auth.companyId, row.uuid), headers: { Location: `/cases/${row.uuid}` } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/cases/:uuid',
    operationId: 'getCase',
    summary: 'A case with its notes, decision, approval and clocks',
    description: "Another company's case is 404.",
    tags,
    auth: { scope: 'cases:read' },
    params: caseParamsSchema,
    responses: { 200: { description: 'the case', schema: caseSchema }, 404: notFound },
    handler: async ({ params, auth, deps }) => ({ status: 200, body: await readCase(deps.db, auth.companyId, params.uuid) }),
  }),
  caseActionRoute<{ assignee_id: string }>({
    path: '/cases/:uuid/assign',
    operationId: 'assignCase',
    summary: 'Assign the case to a person or an API key of the company (an open case goes in_review)',
    description:
      "assignee_id: a person's id (GET /people) or an API key's uuid of the caller's company; anyone else is 422. A closed case is 409.",
    scope: 'cases:write',
    body: assignCaseRequestSchema,
    responses: { 422: { description: 'the assignee is nobody of the company' } },
    toAction: (body) => ({ action: 'assign', assigneeId: body.assignee_id }),
  }),
  caseActionRoute<{ text: string }>({
    path: '/cases/:uuid/notes',
    operationId: 'addCaseNote',
    summary: 'Add a note to the case',
    description: 'Notes are kept in order with their author; a closed case takes none (409).',
    scope: 'cases:write',
    body: caseNoteRequestSchema,
    toAction: (body) => ({ action: 'note', text: body.text }),
  }),
  caseActionRoute<{ outcome: 'approve' | 'approve_with_edd' | 'reject' | 'report_to_coaf'; rationale: string }>({
    path: '/cases/:uuid/decision',
    operationId: 'decideCase',
    summary: 'Decide the case: approve of a low or medium risk closes it; anything else awaits an approval',
    description: 'From open or in_review (409 otherwise). A rationale is required (422 without). Emits case.decided.',
    scope: 'cases:write',
    body: caseDecisionRequestSchema,
    toAction: (body) => ({ action: 'decide', outcome: body.outcome, rationale: body.rationale }),
  }),
  caseActionRoute<{ approve: boolean; comment?: string | null }>({
    path: '/cases/:uuid/approval',
    operationId: 'approveCase',
    summary: 'Approve the pending decision (closes the case) or return it to review — by another person than the decider',
    description:
      'Four eyes are two people: an approval (or a return to review) is given by a person with the officer role, signed in or through their personal API key (`ops key create --person`). An API key that belongs to no person gets 403 person_required (it may decide, never approve); the person who decided — signed in or through any of their personal keys — gets 403 four_eyes_required. Approving report_to_coaf starts the COAF clock (coaf_deadline_at: the end of the next business day in São Paulo) and writes the coaf_cos draft (report_uuid); filing that report stops the clock. Only a case pending_approval (409 otherwise). Emits case.decided.',
    scope: 'cases:approve',
    body: caseApprovalRequestSchema,
    responses: {
      403: {
        description:
          'person_required: the caller is an API key that belongs to no person (a company key), and only a person approves; four_eyes_required: the approver is the person who decided (or that person through their personal key); insufficient_scope: no cases:approve, or a person without the officer role',
      },
    },
    toAction: (body) => ({ action: 'approve', approve: body.approve, comment: body.comment ?? null }),
  }),
  defineRoute({
    method: 'get',
    path: '/people',
    operationId: 'listPeople',
    summary: 'The people of the company: who cases can be assigned to',
    description:
      'Everyone who signed in to the console at least once (provisioned at first sign-in), by name, with their roles and whether they are active (a deactivated person keeps their place in the history, but no key, session or case).',
    tags,
    auth: { scope: 'cases:read' },
    responses: { 200: { description: 'the people', schema: peopleSchema } },
    handler: async ({ auth, deps }) => ({
      status: 200,
      body: {
        items: (await listPeople(deps.db, auth.companyId)).map((p) => ({
          id: p.uuid,
          name: p.name,
          email: p.email,
          roles: p.roles,
          active: p.deactivated_at === null,
          deactivated_at: p.deactivated_at ? new Date(p.deactivated_at).toISOString() : null,
        })),
        next_cursor: null,
      },
    }),
  }),
];
