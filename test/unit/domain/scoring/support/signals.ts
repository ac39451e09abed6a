import type { Snapshot, SnapshotEntity } from '../../../../../domain/analysis/snapshot';
import type { EvaluatedSignal } from '../../../../../domain/analysis/verdict';
import { ruleCatalogV1 } from '../../../../../domain/rules';
import type { EvaluationContext } from '../../../../../domain/scoring/context';
import { evaluateSignals } from '../../../../../domain/scoring/evaluate-signals';
import { contextOf } from './evaluate';
import { entity, rel, snapshot } from './snapshot-builder';

/** The context and evaluated signals of a snapshot: what meta-signals and modifiers start from. */
export function signalsOf(input: Snapshot): { ctx: EvaluationContext; signals: EvaluatedSignal[]; byCode: Map<string, EvaluatedSignal> } {
  const ctx = contextOf(input);
  const signals = evaluateSignals(ctx, ruleCatalogV1);
  return { ctx, signals, byCode: new Map(signals.map((s) => [s.code, s])) };
}

/** Subject 1 (an old company), partner 2 (hop 1), holding 3 (hop 1) and its partner 4 (hop 2). */
export function smallNetwork(
  parts: Parameters<typeof snapshot>[2] = {},
  subjectProfile: Record<string, unknown> = {},
  more: SnapshotEntity[] = [],
): Snapshot {
  const { relationships = [], ...rest } = parts;
  return snapshot(
    1,
    [
      entity(1, 'organization', 'Subject', { profile: { legal_nature_code: '2062', incorporation_date: '2000-01-01', ...subjectProfile } }),
      entity(2, 'person', 'Partner', { hop: 1, profile: { age_range_code: 5 } }),
      entity(3, 'organization', 'Holding', { hop: 1 }),
      entity(4, 'person', 'Far', { hop: 2, profile: { age_range_code: 5 } }),
      ...more,
    ],
    { relationships: [rel(2, 1, 'PARTNER_OF'), rel(3, 1, 'OWNS'), rel(4, 3, 'PARTNER_OF'), ...relationships], ...rest },
  );
}
