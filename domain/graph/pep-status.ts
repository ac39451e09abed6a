import type { SnapshotPepRecord } from '../analysis/snapshot';
import { addYears } from './validity';

/** Years a person stays politically exposed after leaving office (Res. COAF 40/2021, Circular BCB 3.978/2020). */
export const PEP_GRACE_YEARS = 5;

/**
 * The status of a PEP record on the analysis date: `active` while in office (no end date, or
 * the end date not passed), `grace_period` up to and including the grace end (the source's
 * grace_end_date, else end date + 5 years), undefined before the start and after the grace end.
 */
export function pepStatusOn(record: Pick<SnapshotPepRecord, 'start_date' | 'end_date' | 'grace_end_date'>, asOf: string): 'active' | 'grace_period' | undefined {
  if (record.start_date !== null && record.start_date > asOf) return undefined;
  if (record.end_date === null || record.end_date >= asOf) return 'active';
  const graceEnd = record.grace_end_date ?? addYears(record.end_date, PEP_GRACE_YEARS);
  return asOf <= graceEnd ? 'grace_period' : undefined;
}
