import type { Snapshot } from '../analysis/snapshot';
import type { Verdict } from '../analysis/verdict';
import { canonicalJson } from '../canonical-json';
import { fingerprint, sha256Hex } from '../fingerprint';
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
 * Both snapshot fingerprints of a snapshot that is ALREADY canonical (scoreSnapshot's), from one
 * serialization: canonical JSON writes an object as its members in key order, so the snapshot
 * hash and the input fingerprint share every member but `as_of` and `schema_version`. Byte for
 * byte the same as snapshotHash / inputFingerprint (test/unit/domain/scoring/snapshot-fingerprints.test.ts);
 * it halves the hashing work of every analysis.
 */
export function fingerprintCanonicalSnapshot(canonical: Snapshot): { snapshotHash: string; inputFingerprint: string } {
  const record = canonical as unknown as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => ({ key, json: `${JSON.stringify(key)}:${canonicalJson(record[key])}` }));
  const join = (list: typeof members) => `{${list.map((m) => m.json).join(',')}}`;
  return {
    snapshotHash: sha256Hex(join(members)),
    inputFingerprint: sha256Hex(join(members.filter((m) => m.key !== 'as_of' && m.key !== 'schema_version'))),
  };
}

/**
 * verdict_fingerprint: everything computed after the snapshot (risk, signals, counts,
 * explanation, subject) and the engine identity that computed it. Excluded: the fingerprint
 * itself, the hashes identifying the inputs (they have their own), and the workflow version
 * (orchestration, not computation). A verdict has no uuids or timestamps to exclude.
 */
export function verdictFingerprint(
  verdict: Omit<Verdict, 'versions'> & { versions: Omit<Verdict['versions'], 'verdict_fingerprint'> },
): string {
  const { input_fingerprint: _input, snapshot_hash: _snapshot, analysis_workflow_version: _workflow, ...engine } = verdict.versions;
  return fingerprint({ ...verdict, versions: engine });
}
