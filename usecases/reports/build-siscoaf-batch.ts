import { findReportFiles, findReportsByUuid } from '../../db/repositories/reports/report-repository';
import type { MemberActor } from '../../domain/actor';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { combineSiscoafBatch, siscoafBatchId } from '../../domain/reports/siscoaf/siscoaf-batch';
import type { UsecaseDeps } from '../support/usecase-deps';
import { layoutIssues } from './support/siscoaf-document';

/**
 * POST /reports/siscoaf-batches: one Siscoaf LOTE of the caller's finalized (or filed) coaf_cos
 * reports, each occurrence as frozen at finalize (docs/reports.md, "Batches"). It writes
 * nothing: the same reports give the same bytes. 404 for an unknown or another company's
 * report, 409 for one that is not finalized (a draft, a voided one), 422 for a bcb_dossie,
 * a repeated occurrence number or a batch of 1 MB or more.
 */
export async function buildSiscoafBatch(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: MemberActor,
  input: { reportUuids: string[] },
): Promise<{ fileName: string; bytes: Buffer }> {
  const rows = await findReportsByUuid(deps.db, actor.company.id, input.reportUuids);
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const reports = input.reportUuids.map((uuid) => {
    const row = byUuid.get(uuid);
    if (!row) throw new NotFoundError('report');
    return row;
  });
  reports.forEach((row, i) => {
    if (row.type !== 'coaf_cos')
      throw ValidationError.single(
        ['report_uuids', i],
        `report ${row.uuid} is a ${row.type}: only coaf_cos reports are filed through Siscoaf`,
        'report_not_fileable',
      );
  });
  const unfinished = reports.find((row) => row.status !== 'finalized' && row.status !== 'filed');
  if (unfinished)
    throw new ConflictError(`report ${unfinished.uuid} is ${unfinished.status}: only finalized coaf_cos reports join a Siscoaf batch`);
  const frozen = await Promise.all(
    reports.map(async (row) => ({ uuid: row.uuid, xml: (await findReportFiles(deps.db, row.id)).document_xml ?? '' })),
  );
  const batchId = siscoafBatchId(input.reportUuids);
  const result = combineSiscoafBatch(frozen, batchId);
  if ('issues' in result) throw new ValidationError(result.issues);
  const layout = layoutIssues(result.bytes);
  if (layout.length > 0) throw new ValidationError(layout);
  return { fileName: `siscoaf-${batchId}.xml`, bytes: result.bytes };
}
