import type { Snapshot } from '../analysis/snapshot';
import { canonicalJson } from '../canonical-json';
import { jsonDifferences } from '../json-differences';
import { SCORING_ENGINE_VERSION } from '../rules/catalog-hash';
import type { RuleCatalogRegistry } from '../rules/catalog-registry';
import { scoreSnapshot } from './score-snapshot';
import { snapshotHash } from './snapshot-fingerprints';

export type VerdictFingerprints = {
  snapshot_hash: string | null;
  input_fingerprint: string | null;
  engine_fingerprint: string | null;
  verdict_fingerprint: string | null;
};

/** A persisted analysis as the auditor finds it: the snapshot, the verdict and the fingerprints of its row. */
export type StoredVerdict = { snapshot: unknown; verdict: unknown; fingerprints: VerdictFingerprints };

export type Replay = {
  match: boolean;
  rules_version: string | null;
  scoring_engine_version: { stored: string | null; running: string };
  engine_version_changed: boolean;
  stored: VerdictFingerprints;
  recomputed: VerdictFingerprints | null;
  /** JSON paths into `{verdict, fingerprints}` where the stored and the recomputed differ. */
  differences: string[];
  differences_truncated: boolean;
  note: string | null;
};

type StoredVersions = { rules_version?: string; scoring_engine_version?: string; analysis_workflow_version?: string };

/**
 * The replay an auditor relies on (docs/engine.md, "Replay"): the stored snapshot re-scored with
 * the rule catalog version the verdict names (from the registry of every shipped version) and the
 * workflow version it recorded; the UBO threshold is frozen in the snapshot. Match means the
 * canonical bytes of both verdicts and all four fingerprints are equal. Pure.
 */
export function replayVerdict(stored: StoredVerdict, catalogs: RuleCatalogRegistry): Replay {
  const versions: StoredVersions = (stored.verdict as { versions?: StoredVersions } | null)?.versions ?? {};
  const engine = { stored: versions.scoring_engine_version ?? null, running: SCORING_ENGINE_VERSION };
  const engineChanged = engine.stored !== engine.running;
  const base = {
    rules_version: versions.rules_version ?? null,
    scoring_engine_version: engine,
    engine_version_changed: engineChanged,
    stored: stored.fingerprints,
  };
  const refused = (note: string): Replay => ({
    ...base,
    match: false,
    recomputed: null,
    differences: [],
    differences_truncated: false,
    note,
  });

  const catalog = versions.rules_version ? catalogs.find(versions.rules_version) : undefined;
  if (!catalog) return refused(`rule catalog version ${versions.rules_version ?? '(none recorded)'} is not in this service's registry`);
  let verdict;
  let recomputed: VerdictFingerprints;
  try {
    verdict = scoreSnapshot(stored.snapshot as Snapshot, catalog, { analysisWorkflowVersion: versions.analysis_workflow_version ?? '' });
    const v = verdict.versions;
    recomputed = {
      snapshot_hash: snapshotHash(stored.snapshot as Snapshot),
      input_fingerprint: v.input_fingerprint,
      engine_fingerprint: v.engine_fingerprint,
      verdict_fingerprint: v.verdict_fingerprint,
    };
  } catch (error) {
    return refused(`the stored snapshot cannot be scored: ${error instanceof Error ? error.message : String(error)}`);
  }
  const bytesEqual = canonicalJson(stored.verdict) === canonicalJson(verdict);
  const diff = jsonDifferences({ verdict: stored.verdict, fingerprints: stored.fingerprints }, { verdict, fingerprints: recomputed });
  return {
    ...base,
    match: bytesEqual && diff.paths.length === 0,
    recomputed,
    differences: diff.paths,
    differences_truncated: diff.truncated,
    note: engineChanged
      ? `the verdict was computed by scoring engine ${engine.stored ?? '(unknown)'}; this service runs ${engine.running} and carries no other engine: ` +
        'a byte-for-byte replay is guaranteed only under the engine version that computed the verdict, so differences are expected'
      : null,
  };
}
