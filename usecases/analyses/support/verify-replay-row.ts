import type { ReplayRow } from '../../../db/repositories/analyses/analysis-replay-repository';
import { ruleCatalogRegistry } from '../../../domain/rules/catalog-registry';
import { type Replay, replayVerdict } from '../../../domain/scoring/replay-verdict';
import type { UsecaseDeps } from '../../support/usecase-deps';

/**
 * The registry of rule catalogs is a dependency: production passes every shipped version
 * (domain/rules/catalog-registry.ts); a test may pass one with a catalog that has not shipped yet.
 */
export type VerifyDeps = Pick<UsecaseDeps, 'db' | 'catalogs'>;
export type AnalysisVerification = { analysis_uuid: string } & Replay;

/** One stored analysis re-scored and compared with its stored verdict (verify-analysis.ts, verify-analyses-since.ts). */
export function verifyReplayRow(deps: VerifyDeps, row: ReplayRow): AnalysisVerification {
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
