import { addCounts } from '../support/counted-upsert';
import { SavedSchema, splitSavedSchema } from '../support/bulk-load-mode';
import { restoreIndexesAndKeys, restoreQueue } from '../support/restore-indexes-and-keys';
import { ImportSession, inParallel } from '../support/import-session';
import type { PhaseHook } from '../support/phase-timer';
import type { Phase } from './rf-stage-release';
import type { RejectionLog } from '../support/rejections';
import type { TableCounts } from '../support/summary';
import { upsertDocuments } from './rf-link-establishments';
import { mapPartnerIds, rejectUnlinkedPartners } from './rf-partner-link-rows';
import { deactivateStalePartnerships } from './rf-stale-partnerships';
import { upsertPartnerLinks, upsertRepresentativeLinks } from './rf-upsert-partner-links';

/**
 * The partner lanes of a release whose entities are final: partner ids, partnership and
 * representative links, partner documents and stale partnerships, with (bulk mode) the rebuild of
 * the dropped indexes and keys shared by both connections.
 */
export async function linkReleasePartners(
  session: ImportSession,
  runId: number,
  rejections: RejectionLog,
  tables: Record<string, TableCounts>,
  bulk: boolean,
  saved: SavedSchema | undefined,
  onPhase: PhaseHook | undefined,
  phase: Phase,
): Promise<void> {
  const { a, b } = session;
  // From here on `entities` is final: in bulk mode its indexes (the trigram one is the longest
  // build) are rebuilt on the second connection while the first maps partner ids and links.
  const [entityPart, restPart] = saved ? splitSavedSchema(saved, 'entities') : [undefined, undefined];
  // The other tables' indexes and keys: a queue each connection joins when its own work is done.
  const rebuildRest = restPart ? restoreQueue(restPart, onPhase) : async () => undefined;
  const idsMapped = phase('partner_ids', () => mapPartnerIds(a));
  idsMapped.catch(() => undefined); // observed by both lanes below
  await inParallel(
    async () => {
      await idsMapped;
      await phase('reject_unlinked', () => rejectUnlinkedPartners(a, rejections));
      addCounts(tables.relationships, await phase('partner_relationships', () => upsertPartnerLinks(a, runId, bulk)));
      tables.relationships.updated += await phase('stale_partnerships', () => deactivateStalePartnerships(a, runId));
      await phase('rebuild_indexes', () => rebuildRest(a));
    },
    async () => {
      if (entityPart) await phase('rebuild_entity_indexes', () => restoreIndexesAndKeys([b], entityPart, onPhase));
      await idsMapped;
      addCounts(
        tables.entity_documents,
        await phase('partner_documents', () =>
          upsertDocuments(
            b,
            runId,
            `SELECT id AS entity_id, document, document_type FROM partner_ids
        WHERE key NOT LIKE 'foreign:%' AND document IS NOT NULL AND document_type IN ('cnpj', 'cpf_masked')`,
            bulk,
          ),
        ),
      );
      addCounts(tables.relationships, await phase('representative_relationships', () => upsertRepresentativeLinks(b, runId, bulk)));
      // A relationships job taken here waits for the other connection's statements on that table.
      await phase('rebuild_indexes', () => rebuildRest(b));
    },
  );
}
