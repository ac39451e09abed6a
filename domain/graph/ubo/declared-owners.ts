import type { Snapshot, SnapshotOwnershipDeclaration } from '../../analysis/snapshot';
import type { UboFinding } from '../types';
import { isDeclarationActiveOn } from '../../snapshot-facts/validity';
import { fromPercentString, Rational } from './rational';

/**
 * BODS declarations about the subject, as of the analysis date. A declaration that says the
 * interest is not beneficial ownership or control (`beneficial_ownership_or_control: false`) is
 * a plain shareholding statement: it feeds the computation (ownership-links.ts), not this list.
 */
export type DeclaredInterest = {
  declaration: SnapshotOwnershipDeclaration;
  share: Rational | null;
  /** A range declared instead of an exact share (BODS share.minimum / share.maximum). */
  range: { minimum: Rational | null; maximum: Rational | null } | null;
  controlType: UboFinding['control_type'];
};

function controlTypeOf(interestTypes: string[]): UboFinding['control_type'] {
  const capital = interestTypes.length === 0 || interestTypes.includes('shareholding');
  const votes = interestTypes.includes('votingRights');
  if (capital && votes) return 'both';
  if (capital) return 'ownership';
  if (votes) return 'voting';
  return 'other_influence';
}

export function declaredInterestsIn(snapshot: Snapshot, subject: number): Map<number, DeclaredInterest[]> {
  const byOwner = new Map<number, DeclaredInterest[]>();
  for (const d of snapshot.ownership_declarations) {
    if (d.subject_entity_id !== subject || d.beneficial_ownership_or_control === false) continue;
    if (!isDeclarationActiveOn(d, snapshot.as_of)) continue;
    const minimum = fromPercentString(d.share_minimum) ?? null;
    const maximum = fromPercentString(d.share_maximum) ?? null;
    const interest: DeclaredInterest = {
      declaration: d,
      share: fromPercentString(d.share_exact) ?? null,
      range: d.share_exact === null && (minimum || maximum) ? { minimum, maximum } : null,
      controlType: controlTypeOf(d.interest_types),
    };
    (byOwner.get(d.owner_entity_id) ?? byOwner.set(d.owner_entity_id, []).get(d.owner_entity_id)!).push(interest);
  }
  for (const list of byOwner.values()) list.sort((a, b) => a.declaration.declaration_id - b.declaration.declaration_id);
  return byOwner;
}
