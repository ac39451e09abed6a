import { Readable } from 'node:stream';
import { listAuditEvents, toAuditEvent } from '../../../db/repositories/audit/audit-event-repository';
import { exportAuditEventLines } from '../../../usecases/audit/export-audit-events';
import { verifyStoredAuditChain } from '../../../usecases/audit/verify-audit-chain';
import { decodeCursor, idPosition, queryBinding, toPage } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import {
  auditEventLinesSchema,
  auditEventPageSchema,
  auditVerificationSchema,
  type ListAuditEventsQuery,
  listAuditEventsQuery,
} from './audit-event-schemas';

const tags = ['audit'];

/** The audit trail of the caller's company (docs/people-and-cases.md, "The audit trail"): read only; nothing changes an event. */
export const auditEventRoutes = [
  defineRoute({
    method: 'get',
    path: '/audit-events',
    operationId: 'listAuditEvents',
    summary: "The company's audit events, newest first, filtered",
    description:
      "One event per change of state (by a key, a person, the ops CLI or the service), with its actor, action, resource, request id, the fields that changed (never a secret) and its link in the company's hash chain. " +
      'Filters: actor_type, actor_id, action, resource_type, resource_uuid, from ≤ at < to. Pages of `limit` (1–200, default 50) with next_cursor; unknown query parameters are 422.',
    tags,
    auth: { scope: 'audit:read' },
    query: listAuditEventsQuery,
    responses: { 200: { description: 'a page of audit events', schema: auditEventPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const { cursor, limit, ...filters } = query as ListAuditEventsQuery;
      const binding = queryBinding(filters);
      const beforeSeq = decodeCursor(cursor, idPosition, binding) ?? null;
      const rows = await listAuditEvents(
        deps.db,
        auth.companyId,
        {
          actorType: filters.actor_type,
          actorId: filters.actor_id,
          action: filters.action,
          resourceType: filters.resource_type,
          resourceId: filters.resource_uuid?.toLowerCase(),
          from: filters.from,
          to: filters.to,
        },
        { beforeSeq, limit: limit + 1 },
      );
      return { status: 200, body: toPage(rows, limit, toAuditEvent, (row) => Number(row.seq), binding) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/audit-events/verify',
    operationId: 'verifyAuditEvents',
    summary: "Recompute the company's audit chain and report the first broken link",
    description:
      'Reads every event of the company in seq order and checks that each follows the previous (no gap), names its sha256, and hashes to its own sha256 (its content unchanged). ' +
      "A row changed or removed behind the service's back makes `valid` false and names the first event it breaks. Offline: `ops audit verify --company <uuid>`.",
    tags,
    auth: { scope: 'audit:read' },
    responses: {
      200: {
        description: 'the verification (200 whether valid or not)',
        schema: auditVerificationSchema,
      },
    },
    handler: async ({ actor, deps }) => ({ status: 200, body: await verifyStoredAuditChain(deps, actor, {}) }),
  }),
  defineRoute({
    method: 'get',
    path: '/audit-events/export',
    operationId: 'exportAuditEvents',
    summary: "The company's whole audit chain as JSON lines, oldest first, to verify offline",
    description:
      'Every event of the company in seq order, one JSON object per line (`application/x-ndjson`), each with its `chain` link: the file an examiner takes away. ' +
      "To check a line: remove `chain`, add `prev_sha256`, write the object as canonical JSON (keys sorted, no whitespace) and take its SHA-256; it must equal `chain.sha256`, and each `prev_sha256` the previous line's sha256 (docs/people-and-cases.md).",
    tags,
    auth: { scope: 'audit:read' },
    responses: {
      200: {
        description: 'the chain, one event per line',
        schema: auditEventLinesSchema,
        contentType: 'application/x-ndjson',
      },
    },
    handler: async ({ actor, deps, auth }) => ({
      status: 200,
      body: Readable.from(exportAuditEventLines(deps, actor, {})),
      headers: {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-events-${auth.companyUuid}.jsonl"`,
        'Cache-Control': 'no-store',
      },
    }),
  }),
];
