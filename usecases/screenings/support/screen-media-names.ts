import { findCandidateArticles } from '../../../db/repositories/screenings/media-article-repository';
import type { Executor } from '../../../db/create-db';
import type { SnapshotMediaHit } from '../../../domain/analysis/snapshot';
import { prepareNames, type ScreeningName } from '../../../domain/media/screen-article';
import {
  MEDIA_CANDIDATE_LIMIT,
  mediaCutoffOf,
  type ScreeningRun,
  screenCandidates,
  snapshotMediaHitsOf,
} from '../../../domain/media/screen-articles';
import { searchQueriesOf } from '../../../domain/media/search-terms';

/**
 * The one screening engine over the imported corpus (docs/adverse-media.md): the domain says
 * which words to search (domain/media/search-terms.ts), the repository finds the candidate
 * articles, the pure matcher scores and classifies them (domain/media/screen-articles.ts). Used
 * by the adverse-media screening workflow and by the analysis snapshot (media_hits).
 */
export async function screenNames(
  db: Executor,
  names: ScreeningName[],
  cutoff: Date,
  limit = MEDIA_CANDIDATE_LIMIT,
): Promise<ScreeningRun> {
  const prepared = prepareNames(names);
  const found = await findCandidateArticles(db, { queries: searchQueriesOf(prepared.map((n) => n.profile)), cutoff, limit });
  return screenCandidates(prepared, found);
}

/**
 * The analysis engine's adverse-media pillar: hits for the snapshot's names, articles published
 * after `asOf` (a day: its end, UTC) excluded, in the one deterministic order, at most `limit`.
 */
export async function screenEntityNames(
  db: Executor,
  input: { names: ScreeningName[]; asOf: string; limit?: number },
): Promise<SnapshotMediaHit[]> {
  return snapshotMediaHitsOf(await screenNames(db, input.names, mediaCutoffOf(input.asOf)), input.limit);
}
