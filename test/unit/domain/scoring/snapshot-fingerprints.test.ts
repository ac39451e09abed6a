import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Snapshot } from '../../../../domain/analysis/snapshot';
import { canonicalizeSnapshot } from '../../../../domain/scoring/canonical-snapshot';
import { fingerprintCanonicalSnapshot, inputFingerprint, snapshotHash } from '../../../../domain/scoring/snapshot-fingerprints';

const dir = path.join(__dirname, 'golden');
const snapshots = readdirSync(dir)
  .filter((file) => file.endsWith('.snapshot.json'))
  .map((file) => [file, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Snapshot] as const);

describe('fingerprintCanonicalSnapshot', () => {
  it.each(snapshots)('gives exactly snapshotHash and inputFingerprint for %s', (_file, snapshot) => {
    const canonical = canonicalizeSnapshot(snapshot);
    expect(fingerprintCanonicalSnapshot(canonical)).toEqual({
      snapshotHash: snapshotHash(snapshot),
      inputFingerprint: inputFingerprint(snapshot),
    });
  });

  it('separates the snapshot hash (as_of counts) from the input fingerprint (as_of does not)', () => {
    const [, snapshot] = snapshots[0];
    const a = fingerprintCanonicalSnapshot(canonicalizeSnapshot(snapshot));
    const b = fingerprintCanonicalSnapshot(canonicalizeSnapshot({ ...snapshot, as_of: '2001-01-01' }));
    expect(b.snapshotHash).not.toBe(a.snapshotHash);
    expect(b.inputFingerprint).toBe(a.inputFingerprint);
  });
});
