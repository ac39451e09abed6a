import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import type { Pillar } from '../../../../../domain/analysis/verdict';
import { scoreSnapshot } from '../../../../../domain/scoring/score-snapshot';

/** The codes identified in one pillar, in catalog order. */
export function identifiedIn(snapshot: Snapshot, pillar: Pillar): string[] {
  return scoreSnapshot(snapshot).signals.filter((s) => s.pillar === pillar && s.identified).map((s) => s.code);
}
