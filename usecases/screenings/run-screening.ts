import type { ScreeningOutcome } from '../../contracts/screening-workflow-contract';
import type { UsecaseDeps } from '../support/usecase-deps';
import { screenNames } from './support/screen-media-names';
import { findNamedEntity, listRelatedPartyRows } from '../../db/repositories/screenings/screening-subject-repository';
import { findScreeningAfterCommit } from '../../db/repositories/screenings/screening-commit-fence';
import {
  completeScreening,
  failScreening,
  findScreeningForWork,
  markScreeningRunning,
  type ScreeningRow,
} from '../../db/repositories/screenings/screening-repository';
import { findTargetEndpoints } from '../../db/repositories/webhooks/webhook-target-endpoint-repository';
import { NotFoundError } from '../../domain/errors';
import { MATCHER_VERSION } from '../../domain/media/match-name';
import { TAXONOMY_VERSION } from '../../domain/media/media-taxonomy';
import { countByCategory } from '../../domain/media/screen-articles';
import {
  type NamedEntity,
  nameKindOf,
  type RelatedParty,
  relatedPartiesOf,
  relatedPartyTypes,
  screeningNamesOf,
  screeningNamesOfAll,
} from '../../domain/media/screening-names';
import type { Executor } from '../../db/create-db';

/** Hits kept per screening (the strongest, in the one hit order); counts cover all of them. */
const MAX_STORED_HITS = 500;

/** The public reason stored on a failed screening: internals stay in the worker log. */
const SCREENING_FAILED_REASON = 'screening failed; creating a new screening is safe';

/** The subject and, for an organization when asked, its active partners and administrators. */
async function loadScreeningSubject(
  db: Executor,
  entityId: number,
  includeRelated: boolean,
): Promise<{ entity: NamedEntity; related: RelatedParty[]; relatedTruncated: boolean } | undefined> {
  const entity = await findNamedEntity(db, entityId);
  if (!entity) return undefined;
  if (!includeRelated || nameKindOf(entity.entity_type) === 'person') return { entity, related: [], relatedTruncated: false };
  return { entity, ...relatedPartiesOf(await listRelatedPartyRows(db, entityId, relatedPartyTypes)) };
}

function outcomeOf(row: ScreeningRow, hasWebhookTargets: boolean): ScreeningOutcome {
  const status = row.status === 'completed' ? 'completed' : 'failed';
  return {
    companyId: Number(row.company_id),
    status,
    webhookEndpointUuid: row.webhook_endpoint_uuid,
    hasWebhookTargets,
    eventData: {
      screening_uuid: row.uuid,
      status,
      entity_id: Number(row.entity_id),
      client_reference: row.client_reference,
      hit_count: row.hit_count,
      counts_by_category: row.counts_by_category,
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      ...(status === 'failed' ? { error: row.error } : {}),
    },
  };
}

/**
 * Running a screening (the workflow's steps): screen the subject's names against the media
 * corpus in one idempotent step, or record that the screening failed; either way, tell the
 * workflow what to announce.
 */
export function createScreeningRun(deps: Pick<UsecaseDeps, 'db' | 'logger'>) {
  const { db, logger } = deps;

  /**
   * Most screenings notify nobody: knowing it here spares the workflow a publishing step (a
   * transaction of its own). An endpoint created in the same instant may miss the event, as it
   * would had it been created a moment later.
   */
  async function finalOutcome(uuid: string): Promise<ScreeningOutcome> {
    const row = await load(uuid);
    const type = row.status === 'completed' ? 'adverse_media.completed' : 'adverse_media.failed';
    const targets = await findTargetEndpoints(db, {
      companyId: Number(row.company_id),
      type,
      explicitEndpointUuid: row.webhook_endpoint_uuid,
      subscribersToo: true,
    });
    return outcomeOf(row, targets.length > 0);
  }

  async function load(uuid: string): Promise<ScreeningRow> {
    const row = await findScreeningForWork(db, uuid);
    if (!row) throw new NotFoundError('screening');
    return row;
  }

  /**
   * The whole screening in one idempotent step: names, candidates, scores, hits. A retry after a
   * crash replaces the hits in one transaction; a finished screening is only read back.
   */
  async function screen(input: { screeningUuid: string }): Promise<ScreeningOutcome> {
    // The run may begin before the request that created the screening has committed: wait for it.
    const screening = await findScreeningAfterCommit(db, input.screeningUuid);
    if (!screening) throw new NotFoundError('screening');
    if (screening.status === 'completed' || screening.status === 'failed') return finalOutcome(input.screeningUuid);
    const subject = await loadScreeningSubject(db, screening.entity_id, screening.include_related);
    if (!subject) {
      await failScreening(db, screening.id, 'subject entity no longer exists');
      return finalOutcome(input.screeningUuid);
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
    return finalOutcome(input.screeningUuid);
  }

  /** Marks an unfinished screening failed (the workflow gave up on it) and returns its outcome. */
  async function fail(input: { screeningUuid: string }): Promise<ScreeningOutcome> {
    const screening = await load(input.screeningUuid);
    await failScreening(db, screening.id, SCREENING_FAILED_REASON);
    return finalOutcome(input.screeningUuid);
  }

  return { screen, fail };
}
