import { addCounts } from '../support/counted-upsert';
import { ImportSession, inParallel } from '../support/import-session';
import type { Phase } from './rf-stage-release';
import type { TableCounts } from '../support/summary';
import { buildHeadquartersMap, linkBranches, mapEstablishments, upsertDocuments } from './rf-link-establishments';
import { upsertEstablishments } from './rf-upsert-establishments';
import { planEstablishments } from './rf-plan-establishments';
import { upsertRfCodes } from './rf-upsert-codes';
import { upsertPartnerCompanies, upsertPartnerPersons } from './rf-upsert-partners';

/**
 * The entity lanes of a staged release: codes, establishments (two CNPJ ranges), partner persons
 * and companies, branch links and establishment documents, then fresh statistics. After this,
 * `entities` is final.
 */
export async function upsertReleaseEntities(
  session: ImportSession,
  runId: number,
  tables: Record<string, TableCounts>,
  bulk: boolean,
  phase: Phase,
): Promise<void> {
  const { a, b } = session;
  tables.rf_codes = await phase('rf_codes', () => upsertRfCodes(a, runId));
  // Establishments in two CNPJ ranges: two thirds on A; B loads the persons and foreigners first.
  const slices = await phase('classify', () => planEstablishments(a));
  await inParallel(
    async () => addCounts(tables.entities, await phase('establishments', () => upsertEstablishments(a, runId, bulk, slices[0]))),
    async () => {
      addCounts(tables.entities, await phase('partner_entities', () => upsertPartnerPersons(b, runId, bulk)));
      if (slices[1]) addCounts(tables.entities, await phase('establishments', () => upsertEstablishments(b, runId, bulk, slices[1])));
    },
  );
  await phase('map_establishments', () => mapEstablishments(a));
  await inParallel(
    async () => {
      await phase('headquarters', () => buildHeadquartersMap(a));
      addCounts(tables.relationships, await phase('branches', () => linkBranches(a, runId, bulk)));
    },
    async () =>
      addCounts(
        tables.entity_documents,
        await phase('estab_documents', () =>
          upsertDocuments(b, runId, `SELECT id AS entity_id, cnpj AS document, 'cnpj' AS document_type FROM map_estab`, bulk),
        ),
      ),
  );
  addCounts(tables.entities, await phase('partner_companies', () => upsertPartnerCompanies(a, runId, bulk)));
  // Fresh statistics: after a first bulk load the planner would otherwise think the store is empty.
  await phase('analyze_store', () => a.query('ANALYZE entities; ANALYZE entity_documents'));
}
