import type { CaseStatus } from './case-policy';

/**
 * The two clocks of a case (docs/people-and-cases.md, "Clocks"): the service level (`dueAt`, until
 * the case closes) and the COAF clock (`coafDeadlineAt`, from an approved `report_to_coaf` until its
 * report is filed). The case workflow sleeps until the next one; when it rings, the clock is marked
 * run out (overdue) unless it stopped meanwhile. Pure: the workflow imports it.
 */
export type CoafClock = 'running' | 'filed' | 'overdue';

export type CaseClocks = {
  status: CaseStatus;
  dueAt: string;
  /** Set once the service level ran out while the case was still open. */
  overdueAt: string | null;
  coafDeadlineAt: string | null;
  coafClock: CoafClock | null;
};

export type CaseClockName = 'service_level' | 'coaf';

/** The next clock that can still run out, or null: none is running. */
export function nextCaseDeadline(clocks: CaseClocks): { clock: CaseClockName; at: string } | null {
  const candidates: { clock: CaseClockName; at: string }[] = [];
  if (clocks.status !== 'closed' && clocks.overdueAt === null) candidates.push({ clock: 'service_level', at: clocks.dueAt });
  if (clocks.coafClock === 'running' && clocks.coafDeadlineAt !== null) candidates.push({ clock: 'coaf', at: clocks.coafDeadlineAt });
  candidates.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return candidates[0] ?? null;
}

/** A case whose every clock has stopped: closed, and no COAF communication outstanding. Its workflow ends. */
export function isCaseSettled(clocks: CaseClocks): boolean {
  return clocks.status === 'closed' && clocks.coafClock !== 'running';
}
