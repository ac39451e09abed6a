import { toDay, type Day } from './calendar';

/**
 * Whether a dated fact of the snapshot (a relationship, a BODS declaration) holds on the
 * analysis date. Scoring, the subject profile, the graph and beneficial ownership all ask here,
 * so a link is never active for the verdict and ended in the graph of the same analysis.
 *
 * Decision: the stored `is_active = false` is the registry's own statement that the link ended
 * (Receita drops a partner from the QSA without always dating the exit), so such a link is
 * inactive whatever its dates. Dates only narrow further: a link starting after as_of has not
 * started, one whose last day is before as_of has ended — even if the flag still says active.
 */
export type ValidityStatus = 'active' | 'inactive' | 'ended' | 'not_started';

export type DatedFact = { is_active: boolean; valid_from: string | null; valid_to: string | null };

export function validityStatus(fact: DatedFact, asOf: Day): ValidityStatus {
  const from = toDay(fact.valid_from);
  const to = toDay(fact.valid_to);
  if (from !== null && from > asOf) return 'not_started';
  // valid_to is the last day the fact held: a link ending on as_of still holds that day.
  if (to !== null && to < asOf) return 'ended';
  return fact.is_active ? 'active' : 'inactive';
}

export function isActiveOn(fact: DatedFact, asOf: Day): boolean {
  return validityStatus(fact, asOf) === 'active';
}

/** A BODS declaration has no flag of its own: its statement period alone decides. */
export function declarationStatus(declaration: { start_date: string | null; end_date: string | null }, asOf: Day): ValidityStatus {
  return validityStatus({ is_active: true, valid_from: declaration.start_date, valid_to: declaration.end_date }, asOf);
}

export function isDeclarationActiveOn(declaration: { start_date: string | null; end_date: string | null }, asOf: Day): boolean {
  return declarationStatus(declaration, asOf) === 'active';
}
