import type { Executor } from '../../../db/create-db';
import { entityExists, findEntityIdsByDocument, findSubjectCandidates } from '../../../db/repositories/entities/entity-repository';
import { webhookEndpointExists } from '../../../db/repositories/webhooks/webhook-endpoint-repository';
import { AmbiguousSubjectError, NotFoundError, ValidationError } from '../../../domain/errors';
import { parseDocument } from '../../../domain/documents/parse-document';

/**
 * The subject of an analysis or a screening (docs/analyses.md rule 3): an entity id that exists, or a
 * valid document held by exactly one entity — 422 for a bad document, 404 when nothing holds
 * it, 409 when several entities do (with the candidates, so the caller can name one by entity_id).
 */
export async function resolveSubject(db: Executor, input: { document?: string | null; entity_id?: number | null }): Promise<number> {
  if (input.entity_id !== null && input.entity_id !== undefined) {
    if (!(await entityExists(db, input.entity_id))) throw new NotFoundError('subject entity');
    return input.entity_id;
  }
  const document = parseDocument(input.document ?? '');
  const ids = await findEntityIdsByDocument(db, document.value);
  if (ids.length === 0) throw new NotFoundError('subject entity');
  if (ids.length > 1) throw new AmbiguousSubjectError(await findSubjectCandidates(db, ids));
  return ids[0];
}

/** A webhook endpoint named in a create request must be one of the caller's company (422 otherwise). */
export async function assertWebhookEndpointOwned(db: Executor, companyId: number, endpointUuid: string): Promise<void> {
  if (!(await webhookEndpointExists(db, companyId, endpointUuid))) {
    throw ValidationError.single(['webhook_endpoint_uuid'], 'no webhook endpoint with this uuid', 'webhook_endpoint_not_found');
  }
}
