import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import type { ReportType } from '../../../../../domain/regulatory/manifest-types';
import type { ReportBuildInput } from '../../../../../domain/reports/report-types';
import { goldenSnapshot, reportInput } from './report-input';

/** The golden input with one change to the snapshot: the cases of the builders' tables. */
export function variant(type: ReportType, change: (s: Snapshot) => void): ReportBuildInput {
  const snapshot = goldenSnapshot();
  change(snapshot);
  return reportInput(type, snapshot);
}

export const subjectId = 9100001;
export const pepPartnerId = 9100002;
export const holdingId = 9100003;
