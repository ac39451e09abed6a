import { currentRevisions, findReport } from '../../../db/repositories/reports/report-repository';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../app-deps';
import { presentReport } from '../../presenters/report-presenter';
import { reportRetention } from '../../../usecases/reports/support/report-retention';

/**
 * The read path of a report with its sections (docs/architecture.md): its row and current revisions
 * through the repository, presented by the pure presenter. GET /reports/{uuid} and every write that
 * answers the report (create, finalize, file, void) share it.
 */
export async function readReport(deps: AppDeps, companyId: number, uuid: string) {
  const row = await findReport(deps.db, companyId, uuid);
  if (!row) throw new NotFoundError('report');
  return presentReport(deps, row, await currentRevisions(deps.db, row.id), new Date(), await reportRetention(deps.db, row));
}
