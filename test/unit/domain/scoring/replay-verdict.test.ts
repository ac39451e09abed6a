import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Verdict } from '../../../../domain/analysis/verdict';
import { createRuleCatalogRegistry, ruleCatalogRegistry, ruleCatalogV1, SCORING_ENGINE_VERSION } from '../../../../domain/rules';
import type { RuleCatalog } from '../../../../domain/rules';
import { replayVerdict, type StoredVerdict } from '../../../../domain/scoring/replay-verdict';
import { scoreSnapshot } from '../../../../domain/scoring/score-snapshot';
import { score } from './support/score';

const snapshot = JSON.parse(readFileSync(path.join(__dirname, 'golden', 'sanctioned-company-pep-partner.snapshot.json'), 'utf8'));

/** A verdict as the pipeline persists it: the verdict, and its fingerprints copied to the row. */
function persisted(verdict: Verdict): StoredVerdict {
  const v = verdict.versions;
  return {
    snapshot,
    verdict: JSON.parse(JSON.stringify(verdict)),
    fingerprints: {
      snapshot_hash: v.snapshot_hash,
      input_fingerprint: v.input_fingerprint,
      engine_fingerprint: v.engine_fingerprint,
      verdict_fingerprint: v.verdict_fingerprint,
    },
  };
}

/** Catalog v2 as a release would ship it: one rule's base points changed, a new version. */
const catalogV2: RuleCatalog = {
  ...ruleCatalogV1,
  rules_version: '2099.01.1',
  signals: ruleCatalogV1.signals.map((s) => (s.code === 'SANCTION_ACTIVE_SUBJECT_CEIS' ? { ...s, base_points: s.base_points - 10 } : s)),
};

describe('replayVerdict: a stored verdict re-scored from its snapshot', () => {
  const stored = persisted(score(snapshot));

  it('matches byte for byte under the catalog and engine that made it', () => {
    expect(replayVerdict(stored, ruleCatalogRegistry)).toEqual({
      match: true,
      rules_version: ruleCatalogV1.rules_version,
      scoring_engine_version: { stored: SCORING_ENGINE_VERSION, running: SCORING_ENGINE_VERSION },
      engine_version_changed: false,
      stored: stored.fingerprints,
      recomputed: stored.fingerprints,
      differences: [],
      differences_truncated: false,
      note: null,
    });
  });

  it('still matches after a second catalog version ships (the registry keeps the first)', () => {
    const withV2 = createRuleCatalogRegistry([ruleCatalogV1, catalogV2]);
    expect(withV2.current).toBe(catalogV2);
    // Not vacuous: the same snapshot under v2 is another verdict.
    const underV2 = scoreSnapshot(snapshot, catalogV2, { analysisWorkflowVersion: 'analysis-workflow.v2' });
    expect(underV2.versions.verdict_fingerprint).not.toBe(stored.fingerprints.verdict_fingerprint);
    expect(replayVerdict(stored, withV2).match).toBe(true);
    // And a v2 verdict replays under v2, not v1.
    expect(replayVerdict(persisted(underV2), withV2)).toMatchObject({ match: true, rules_version: '2099.01.1' });
  });

  it.each([
    ['a changed score', (v: any) => (v.risk.score += 1), ['$.verdict.risk.score']],
    [
      'one changed byte of an explanation',
      (v: any) => (v.explanation[0].text = v.explanation[0].text.replace(/.$/, '#')),
      ['$.verdict.explanation[0].text'],
    ],
    [
      'an added signal evidence',
      (v: any) => v.signals[0].evidences.push({ key: 'x', label: 'x', description: 'x', content: null, metadata: {} }),
      [expect.stringMatching(/^\$\.verdict\.signals\[0\]\.evidences\[\d+\]$/)],
    ],
  ])('reports %s with its JSON path', (_label, tamper, paths) => {
    const tampered = persisted(score(snapshot));
    tamper(tampered.verdict);
    const replay = replayVerdict(tampered, ruleCatalogRegistry);
    expect(replay.match).toBe(false);
    expect(replay.differences).toEqual(paths);
    expect(replay.recomputed).toEqual(stored.fingerprints);
  });

  it('reports a tampered snapshot through its hash and what it changes, at most 100 paths', () => {
    const tampered = persisted(score(snapshot));
    tampered.snapshot = { ...snapshot, as_of: '2020-01-01' };
    const replay = replayVerdict(tampered, ruleCatalogRegistry);
    expect(replay.match).toBe(false);
    expect(replay.differences.slice(0, 2)).toEqual(['$.fingerprints.snapshot_hash', '$.fingerprints.verdict_fingerprint']);
    expect(replay.differences).toHaveLength(100);
    expect(replay.differences_truncated).toBe(true);
  });

  it('says when the engine that made the verdict is not the one running', () => {
    const older = persisted(score(snapshot));
    (older.verdict as any).versions.scoring_engine_version = '1.0.0';
    const replay = replayVerdict(older, ruleCatalogRegistry);
    expect(replay).toMatchObject({
      match: false,
      engine_version_changed: true,
      scoring_engine_version: { stored: '1.0.0', running: SCORING_ENGINE_VERSION },
    });
    expect(replay.note).toMatch(/guaranteed only under the engine version/);
    expect(replay.differences).toContain('$.verdict.versions.scoring_engine_version');
  });

  it.each([
    [
      'an unknown catalog version',
      (s: StoredVerdict) => ((s.verdict as any).versions.rules_version = '1999.01.1'),
      /not in this service's registry/,
    ],
    ['a snapshot that cannot be scored', (s: StoredVerdict) => (s.snapshot = { as_of: '2026-01-01' }), /cannot be scored/],
  ])('refuses to pretend with %s', (_label, spoil, note) => {
    const spoilt = persisted(score(snapshot));
    spoil(spoilt);
    const replay = replayVerdict(spoilt, ruleCatalogRegistry);
    expect(replay).toMatchObject({ match: false, recomputed: null });
    expect(replay.note).toMatch(note);
  });
});
