import type { Snapshot } from '../analysis/snapshot';
import type { Verdict } from '../analysis/verdict';
import { fingerprint } from '../fingerprint';
import { canonicalizeSnapshot } from './canonical-snapshot';

/** snapshot_hash: the whole snapshot, in canonical order. */
export function snapshotHash(snapshot: Snapshot): string {
  return fingerprint(canonicalizeSnapshot(snapshot));
}

/**
 * input_fingerprint: the enrichment inputs — the snapshot without `as_of` and `schema_version`.
 * The same data seen on two days gives the same input fingerprint (and two snapshot hashes),
 * so "did the data change?" and "is this the same analysis input?" are separate questions.
 * Limitations and `network.truncated` stay in: they say what the inputs cover.
 */
export function inputFingerprint(snapshot: Snapshot): string {
  const { as_of: _asOf, schema_version: _schema, ...inputs } = canonicalizeSnapshot(snapshot);
  return fingerprint(inputs);
}

/**
 * verdict_fingerprint: everything computed after the snapshot (risk, signals, counts,
 * explanation, subject) and the engine identity that computed it. Excluded: the fingerprint
 * itself, the hashes identifying the inputs (they have their own), and the workflow version
 * (orchestration, not computation). A verdict has no uuids or timestamps to exclude.
 */
export function verdictFingerprint(verdict: Omit<Verdict, 'versions'> & { versions: Omit<Verdict['versions'], 'verdict_fingerprint'> }): string {
  const { input_fingerprint: _input, snapshot_hash: _snapshot, analysis_workflow_version: _workflow, ...engine } = verdict.versions;
  return fingerprint({ ...verdict, versions: engine });
}
