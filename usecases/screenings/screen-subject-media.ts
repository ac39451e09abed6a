import type { ScreeningOutcome, ScreeningWorkflowInput } from '../../contracts/screening-workflow-contract';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { screenNames } from './support/screen-media-names';
import { finalScreeningOutcome, loadScreeningSubject } from './support/screening-outcome';
import { findScreeningAfterCommit } from '../../db/repositories/screenings/screening-commit-fence';
import { completeScreening, failScreening, markScreeningRunning } from '../../db/repositories/screenings/screening-repository';
import { NotFoundError } from '../../domain/errors';
import { MATCHER_VERSION } from '../../domain/media/match-name';
import { TAXONOMY_VERSION } from '../../domain/media/media-taxonomy';
import { countByCategory } from '../../domain/media/screen-articles';
import { screeningNamesOf, screeningNamesOfAll } from '../../domain/media/screening-names';

/** Hits kept per screening (the strongest, in the one hit order); counts cover all of them. */
const MAX_STORED_HITS = 500;

/**
 * Running a screening (the workflow's step): screen the subject's names against the media corpus
 * in one idempotent step — names, candidates, scores, hits — and tell the workflow what to
 * announce. A retry after a crash replaces the hits in one transaction; a finished screening is
 * only read back.
 */
export async function screenSubjectMedia(
  deps: Pick<UsecaseDeps, 'db' | 'logger'>,
  actor: SystemActor,
  input: Pick<ScreeningWorkflowInput, 'screeningUuid'>,
): Promise<ScreeningOutcome> {
  const { db, logger } = deps;
  // The run may begin before the request that created the screening has committed: wait for it.
  const screening = await findScreeningAfterCommit(db, input.screeningUuid);
  if (!screening) throw new NotFoundError('screening');
  if (screening.status === 'completed' || screening.status === 'failed') return finalScreeningOutcome(db, input.screeningUuid);
  const subject = await loadScreeningSubject(db, screening.entity_id, screening.include_related);
  if (!subject) {
    await failScreening(db, screening.id, 'subject entity no longer exists');
    return finalScreeningOutcome(db, input.screeningUuid);
  }
  const names = [...screeningNamesOf(subject.entity), ...screeningNamesOfAll(subject.related)];
  await markScreeningRunning(db, screening.id, names);
  const run = await screenNames(db, names, new Date(screening.as_of));
  const limitations: { code: string; message: string }[] = [];
  if (run.truncated)
    limitations.push({ code: 'candidates_truncated', message: `only the ${run.candidates} most recent candidate articles were scored` });
  if (run.hits.length > MAX_STORED_HITS)
    limitations.push({ code: 'hits_truncated', message: `${run.hits.length} hits found; the ${MAX_STORED_HITS} strongest are listed` });
  if (subject.relatedTruncated)
    limitations.push({ code: 'related_truncated', message: `only the first ${subject.related.length} related parties were screened` });
  await db.transaction((trx) =>
    completeScreening(trx, screening, {
      hits: run.hits.slice(0, MAX_STORED_HITS),
      hitCount: run.hits.length,
      counts: countByCategory(run.hits),
      limitations,
      matcherVersion: MATCHER_VERSION,
      taxonomyVersion: TAXONOMY_VERSION,
    }),
  );
  logger.info(
    { screening_uuid: screening.uuid, names: names.length, candidates: run.candidates, hits: run.hits.length },
    'screening completed',
  );
  return finalScreeningOutcome(db, input.screeningUuid);
}
