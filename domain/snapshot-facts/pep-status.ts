import type { SnapshotPepRecord } from '../analysis/snapshot';
import type { RuleCatalog } from '../rules/types';
import { addYears, toDay, type Day } from './calendar';

/**
 * The one PEP vocabulary of an analysis: `active` while in office, `grace_period` after leaving
 * office up to and including the grace end. Any other record (not yet in office, or past its
 * grace end) exposes nobody and has no status. The public graph field `network_peps[].pep_status`
 * and the verdict's PEP evidences both carry these values.
 */
export type PepStatus = 'active' | 'grace_period';

export type PepPeriod = Pick<SnapshotPepRecord, 'start_date' | 'end_date' | 'grace_end_date'>;

/**
 * In office when started by as_of and not ended before it (no end date = still in office). The
 * grace period ends on the source's own `grace_end_date` when it publishes one, else `graceYears`
 * after the end date (Res. COAF 40/2021, Circular BCB 3.978/2020: five years).
 */
export function pepStatusOn(record: PepPeriod, asOf: Day, graceYears: number): PepStatus | null {
  const start = toDay(record.start_date);
  const end = toDay(record.end_date);
  if (start !== null && start > asOf) return null;
  if (end === null || end >= asOf) return 'active';
  const graceEnd = toDay(record.grace_end_date) ?? addYears(end, graceYears);
  return asOf <= graceEnd ? 'grace_period' : null;
}

export type ExposedPep = { record: SnapshotPepRecord; status: PepStatus };

/** The records that make their holder politically exposed at as_of, in the order given. */
export function exposedPeps(records: readonly SnapshotPepRecord[], asOf: Day, graceYears: number): ExposedPep[] {
  const exposed: ExposedPep[] = [];
  for (const record of records) {
    const status = pepStatusOn(record, asOf, graceYears);
    if (status !== null) exposed.push({ record, status });
  }
  return exposed;
}

/**
 * The grace period is a rule parameter (`grace_years` of the pep_exposure rules), so that a new
 * catalog version can change it. The graph's network PEPs read it here too: one period for the
 * verdict and the graph. The rules of one catalog must agree, else the catalog is wrong.
 */
export function pepGraceYears(catalog: RuleCatalog): number {
  const values = new Set(catalog.signals.filter((s) => s.pillar === 'pep_exposure').map((s) => s.parameters.grace_years));
  const [only] = values;
  if (values.size !== 1 || typeof only !== 'number' || !Number.isInteger(only) || only < 0) {
    throw new Error(`catalog ${catalog.rules_version}: the pep_exposure rules must share one integer grace_years`);
  }
  return only;
}
