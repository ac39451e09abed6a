import type { SnapshotWatchlistMatch } from '../analysis/snapshot';
import type { SignalRule } from '../rules/types';
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
} from './finding';

const listNames: Record<string, string> = { un: 'UN', ofac_sdn: 'OFAC SDN', eu_fsf: 'EU FSF' };

/** "0.9441" → 9441: the snapshot's fixed-point scores as integer basis points. */
export function scoreBasisPoints(score: string | null): number | null {
  if (score === null) return null;
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(score);
  if (!match) throw new Error(`not a fixed-point score: ${score}`);
  return Number(match[1]) * 10000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/**
 * A match an identifying feature confirms: the matcher says `match` and one of the rule's
 * confirming features (birth date, document) scores at least the rule's minimum. A contradicting
 * birth date or nationality never reaches here: the matcher already refused the match.
 */
export function isConfirmedMatch(m: SnapshotWatchlistMatch, rule: SignalRule): boolean {
  if (!m.match) return false;
  const min = numberParameter(rule, 'confirming_min_score_bp');
  return stringList(rule.parameters.confirming_features).some((feature) => {
    const bp = scoreBasisPoints(m.features[feature as keyof SnapshotWatchlistMatch['features']] ?? null);
    return bp !== null && bp >= min;
  });
}

function matchEvidence(ctx: EvaluationContext, m: SnapshotWatchlistMatch) {
  const list = listNames[m.list] ?? m.list;
  const screening = ctx.snapshot.watchlist_screening!;
  return evidence(
    'watchlist_entry',
    `${list} ${m.entry_id}: ${m.entry.names[0]?.name ?? m.matched_name}`,
    `${m.query.name} ~ "${m.matched_name}" (${list} ${m.entry_id}, list version ${m.list_version}): score ${m.score}, ${m.match ? 'a match' : 'not a match'}; ${m.explanation.join('; ')}`,
    { ...m },
    {
      entity: entityRef(ctx, m.entity_id),
      list: m.list,
      entry_id: m.entry_id,
      list_version: m.list_version,
      score: m.score,
      features: m.features,
      algorithm: screening.algorithm,
    },
  );
}

/** The stale or missing lists among the rule's, as the signal's limitations. */
function listLimitations(ctx: EvaluationContext, lists: string[]) {
  return (ctx.snapshot.watchlist_screening?.lists ?? [])
    .filter((l) => lists.includes(l.list) && l.stale)
    .map((l) =>
      limitation(
        ['watchlist_screening.lists'],
        l.version === null
          ? `The ${listNames[l.list] ?? l.list} list was never imported: no name was screened against it.`
          : `The ${listNames[l.list] ?? l.list} list used (version ${l.version}, published on ${l.published_on}) is older than its freshness of ${l.freshness_days} days.`,
      ),
    );
}

/** The evaluator of one watchlist rule: which results it keeps, of the rule's lists. */
function watchlistEvaluator(keep: (ctx: EvaluationContext, m: SnapshotWatchlistMatch, rule: SignalRule) => boolean): SignalEvaluator {
  return (ctx, rule) => {
    const screening = ctx.snapshot.watchlist_screening;
    if (!screening)
      return notIdentified([
        limitation(['watchlist_screening'], 'The snapshot holds no name screening (it was taken before analyses screened names).'),
      ]);
    const lists = stringList(rule.parameters.lists);
    const hits = screening.matches.filter((m) => lists.includes(m.list) && keep(ctx, m, rule));
    return fromEvidences(
      hits.map((m) => matchEvidence(ctx, m)),
      hits.map((m) => m.entity_id),
      listLimitations(ctx, lists),
    );
  };
}

export const watchlistEvaluators: Record<string, SignalEvaluator> = {
  SANCTION_UN_SUBJECT: watchlistEvaluator((ctx, m, rule) => m.entity_id === ctx.subjectId && isConfirmedMatch(m, rule)),
  SANCTION_FOREIGN_SUBJECT: watchlistEvaluator((ctx, m, rule) => m.entity_id === ctx.subjectId && isConfirmedMatch(m, rule)),
  SANCTION_FOREIGN_NETWORK: watchlistEvaluator(
    (ctx, m, rule) => m.entity_id !== ctx.subjectId && ctx.entity(m.entity_id) !== undefined && isConfirmedMatch(m, rule),
  ),
  WATCHLIST_POSSIBLE_MATCH: watchlistEvaluator((_ctx, m, rule) => !isConfirmedMatch(m, rule)),
};
