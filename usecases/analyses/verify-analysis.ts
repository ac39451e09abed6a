import {
  findAnalysisForReplay,
  listCompletedAnalysesSince,
  type ReplayRow,
} from '../../db/repositories/analyses/analysis-replay-repository';
import { type Actor, companyIdActedOn, type OperatorActor } from '../../domain/actor';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { ruleCatalogRegistry } from '../../domain/rules/catalog-registry';
import { type Replay, replayVerdict } from '../../domain/scoring/replay-verdict';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * The registry of rule catalogs is a dependency: production passes every shipped version
 * (domain/rules/catalog-registry.ts); a test may pass one with a catalog that has not shipped yet.
 */
type VerifyDeps = Pick<UsecaseDeps, 'db' | 'catalogs'>;
export type AnalysisVerification = { analysis_uuid: string } & Replay;

function verify(deps: VerifyDeps, row: ReplayRow): AnalysisVerification {
  const fingerprints = {
    snapshot_hash: row.snapshot_hash,
    input_fingerprint: row.input_fingerprint,
    engine_fingerprint: row.engine_fingerprint,
    verdict_fingerprint: row.verdict_fingerprint,
  };
  return {
    analysis_uuid: row.uuid,
    ...replayVerdict({ snapshot: row.snapshot, verdict: row.verdict, fingerprints }, deps.catalogs ?? ruleCatalogRegistry),
  };
}

/**
 * POST /analyses/{uuid}/verify and `ops analyses verify --uuid`: the stored snapshot re-scored and
 * compared with the stored verdict (domain/scoring/replay-verdict.ts). Only a completed analysis has
 * a verdict to verify (409 otherwise). An operator names the analysis's company (`companyId`).
 */
export async function verifyAnalysis(
  deps: VerifyDeps,
  actor: Actor,
  input: { uuid: string; companyId?: number },
): Promise<AnalysisVerification> {
  const row = await findAnalysisForReplay(deps.db, companyIdActedOn(actor, input.companyId), input.uuid);
  if (!row) throw new NotFoundError('analysis');
  if (row.status !== 'completed') throw new ConflictError(`analysis is ${row.status}; only a completed analysis has a verdict to verify`);
  return verify(deps, row);
}

export type VerificationSummary = { checked: number; matched: number; mismatched: number; mismatches: AnalysisVerification[] };

/** `ops analyses verify --since`: every completed analysis created since then, in batches (bounded memory). */
export async function verifyAnalysesSince(
  deps: VerifyDeps,
  actor: OperatorActor,
  input: { since: Date; onProgress?: (checked: number) => void },
): Promise<VerificationSummary> {
  const { since, onProgress } = input;
  const summary: VerificationSummary = { checked: 0, matched: 0, mismatched: 0, mismatches: [] };
  for (let afterId = 0; ;) {
    const rows = await listCompletedAnalysesSince(deps.db, since, afterId, 100);
    if (rows.length === 0) return summary;
    for (const row of rows) {
      const result = verify(deps, row);
      summary.checked += 1;
      if (result.match) summary.matched += 1;
      else {
        summary.mismatched += 1;
        summary.mismatches.push(result);
      }
    }
    afterId = rows[rows.length - 1].id;
    onProgress?.(summary.checked);
  }
}
