import type { SnapshotMediaHit } from '../analysis/snapshot';
import type { SignalRule } from '../rules/types';
import { toDay } from '../snapshot-facts/calendar';
import type { EvaluationContext } from './context';
import {
  entityRef,
  evidence,
  fromEvidences,
  limitation,
  notIdentified,
  numberParameter,
  stringList,
  type SignalEvaluator,
  type Finding,
} from './finding';

const MEDIA_NOT_SCREENED = 'adverse_media_not_screened';

/** Hits that count: strong enough a match, published by as_of (undated hits count, with a limitation). */
function countedHits(ctx: EvaluationContext, rule: SignalRule): SnapshotMediaHit[] {
  const minScore = numberParameter(rule, 'min_match_score');
  return ctx.snapshot.media_hits.filter((h) => {
    const published = toDay(h.published_at);
    return h.match_score >= minScore && (published === null || published <= ctx.asOf);
  });
}

function mediaEvidence(ctx: EvaluationContext, hit: SnapshotMediaHit, extra: Record<string, unknown> = {}) {
  return evidence(
    'media_hit',
    hit.title,
    `${hit.source ?? 'Unknown source'}${hit.published_at ? `, ${hit.published_at.slice(0, 10)}` : ''}: ${hit.snippet}`,
    { ...hit },
    { entity: entityRef(ctx, hit.entity_id), category: hit.category, match_score: hit.match_score, ...extra },
  );
}

function screened(ctx: EvaluationContext, evaluate: () => Finding): Finding {
  if (ctx.hasSnapshotLimitation(MEDIA_NOT_SCREENED)) {
    return notIdentified([
      limitation(['media_hits'], 'Adverse media was not screened for this analysis: the rule could not be evaluated.'),
    ]);
  }
  return evaluate();
}

function weakHitLimitation(ctx: EvaluationContext, rule: SignalRule) {
  const weak = ctx.snapshot.media_hits.filter((h) => h.match_score < numberParameter(rule, 'min_match_score')).length;
  return weak > 0 ? [limitation(['media_hits.match_score'], `${weak} hit(s) below the match score threshold were not counted.`)] : [];
}

function subjectCategories(include: (category: string, rule: SignalRule) => boolean): SignalEvaluator {
  return (ctx, rule) =>
    screened(ctx, () => {
      const hits = countedHits(ctx, rule).filter((h) => h.entity_id === ctx.subjectId && include(h.category.toLowerCase(), rule));
      return fromEvidences(
        hits.map((h) => mediaEvidence(ctx, h)),
        [ctx.subjectId],
        weakHitLimitation(ctx, rule),
      );
    });
}

const inCategories = (category: string, rule: SignalRule) => stringList(rule.parameters.categories).includes(category);
const outsideCategories = (category: string, rule: SignalRule) => !stringList(rule.parameters.excluded_categories).includes(category);

const onAssociates: SignalEvaluator = (ctx, rule) =>
  screened(ctx, () => {
    const associates = new Map(ctx.directLinks(true).map((l) => [l.entityId, l.relationship]));
    const hits = countedHits(ctx, rule).filter((h) => h.entity_id !== ctx.subjectId && associates.has(h.entity_id));
    return fromEvidences(
      hits.map((h) => mediaEvidence(ctx, h, { relationship: associates.get(h.entity_id) })),
      hits.map((h) => h.entity_id),
    );
  });

export const mediaEvaluators: Record<string, SignalEvaluator> = {
  MEDIA_FINANCIAL_CRIME: subjectCategories(inCategories),
  MEDIA_SERIOUS_CRIME: subjectCategories(inCategories),
  MEDIA_ESG_LABOR: subjectCategories(inCategories),
  MEDIA_OTHER_ADVERSE: subjectCategories(outsideCategories),
  MEDIA_NETWORK: onAssociates,
};
