import type { Snapshot, SnapshotWatchlistMatch, SnapshotWatchlistScreening } from '../../../../domain/analysis/snapshot';
import { ruleCatalogRegistry, ruleCatalogV1, ruleCatalogV2 } from '../../../../domain/rules';
import { isConfirmedMatch, scoreBasisPoints, watchlistEvaluators } from '../../../../domain/scoring/evaluate-watchlists';
import { replayVerdict } from '../../../../domain/scoring/replay-verdict';
import { scoreSnapshot } from '../../../../domain/scoring/score-snapshot';
import { contextOf } from './support/evaluate';
import { entity, rel, snapshot } from './support/snapshot-builder';

const SUBJECT = 1;
const PARTNER = 2;

function result(
  entity_id: number,
  list: string,
  entry_id: string,
  fields: { match: boolean; birth_date?: string | null; document?: string | null; score?: string },
): SnapshotWatchlistMatch {
  return {
    entity_id,
    screened_as: 'person',
    query: { name: 'Fictitious Listed Person', birth_date: null, nationality: null },
    list,
    entry_id,
    list_version: `${list}-2026-11-20`,
    entry: {
      schema: 'person',
      names: [{ name: 'FICTITIOUS LISTED PERSON', quality: 'primary' }],
      birth_dates: ['1971-04-12'],
      nationalities: [],
      documents: [],
      programs: ['QDi'],
      listed_on: '2010-03-15',
    },
    matched_name: 'FICTITIOUS LISTED PERSON',
    score: fields.score ?? '0.9800',
    match: fields.match,
    features: { name: '1.0000', birth_date: fields.birth_date ?? null, nationality: null, document: fields.document ?? null },
    explanation: ['name: 3 of 3 words agree'],
  };
}

const freshLists: SnapshotWatchlistScreening['lists'] = [
  { list: 'un', version: '2026-11-20T10:00:00.000Z', published_on: '2026-11-20', freshness_days: 7, stale: false },
  { list: 'ofac_sdn', version: '2026-11-20', published_on: '2026-11-20', freshness_days: 14, stale: false },
  { list: 'eu_fsf', version: '2026-11-20T08:00:00.000Z', published_on: '2026-11-20', freshness_days: 7, stale: false },
];

function screened(matches: SnapshotWatchlistMatch[], lists = freshLists): Snapshot {
  return snapshot(
    SUBJECT,
    [entity(SUBJECT, 'person', 'Fictitious Listed Person'), entity(PARTNER, 'person', 'Fictitious Partner', { hop: 1 })],
    {
      relationships: [rel(PARTNER, SUBJECT, 'PARTNER_OF')],
      watchlist_screening: {
        algorithm: { name: 'era-name-matcher', version: '1.0.0' },
        threshold: '0.7000',
        lists,
        screened_entity_ids: [SUBJECT, PARTNER],
        matches,
      },
    },
  );
}

const identifiedCodes = (s: Snapshot) =>
  Object.entries(watchlistEvaluators)
    .filter(
      ([code, evaluate]) =>
        evaluate(
          contextOf(s, ruleCatalogV2),
          ruleCatalogV2.signals.find((r) => r.code === code)!,
        ).identified,
    )
    .map(([code]) => code);
const v2 = (s: Snapshot) => scoreSnapshot(s, ruleCatalogV2, { analysisWorkflowVersion: 'analysis-workflow.v2' });

describe('watchlist signals (catalog 2026.12.1)', () => {
  it.each([
    ['0.9441', 9441],
    ['1.0000', 10000],
    ['0', 0],
    ['0.8', 8000],
    [null, null],
  ])('scoreBasisPoints(%p) = %p', (text, bp) => expect(scoreBasisPoints(text)).toBe(bp));

  it('refuses a score that is not fixed point', () => expect(() => scoreBasisPoints('9e-1')).toThrow('not a fixed-point score'));

  const un = ruleCatalogV2.signals.find((r) => r.code === 'SANCTION_UN_SUBJECT')!;
  it.each<[string, Parameters<typeof result>[3], boolean]>([
    ['a match with an equal birth date', { match: true, birth_date: '1.0000' }, true],
    ['a match with the birth year only', { match: true, birth_date: '0.8000' }, true],
    ['a match with an equal document', { match: true, document: '1.0000' }, true],
    ['a match with the same year but another day', { match: true, birth_date: '0.5000' }, false],
    ['a match on the name alone', { match: true }, false],
    ['a name agreeing while the birth date contradicts', { match: false, birth_date: '0.0000' }, false],
  ])('isConfirmedMatch: %s → %p', (_name, fields, confirmed) => {
    expect(isConfirmedMatch(result(SUBJECT, 'un', 'QDi.1', fields), un)).toBe(confirmed);
  });

  it.each<[string, SnapshotWatchlistMatch[], string[]]>([
    ['no result', [], []],
    [
      'the subject confirmed on the UN list',
      [result(SUBJECT, 'un', 'QDi.1', { match: true, birth_date: '1.0000' })],
      ['SANCTION_UN_SUBJECT'],
    ],
    [
      'the subject confirmed on OFAC',
      [result(SUBJECT, 'ofac_sdn', '9001', { match: true, document: '1.0000' })],
      ['SANCTION_FOREIGN_SUBJECT'],
    ],
    [
      'the subject confirmed on the EU files',
      [result(SUBJECT, 'eu_fsf', '7701', { match: true, birth_date: '0.8000' })],
      ['SANCTION_FOREIGN_SUBJECT'],
    ],
    [
      'a partner confirmed on the UN list',
      [result(PARTNER, 'un', 'QDi.1', { match: true, birth_date: '1.0000' })],
      ['SANCTION_FOREIGN_NETWORK'],
    ],
    ['the subject on the name alone', [result(SUBJECT, 'un', 'QDi.1', { match: true })], ['WATCHLIST_POSSIBLE_MATCH']],
    [
      'a partner whose birth date contradicts',
      [result(PARTNER, 'ofac_sdn', '9001', { match: false, birth_date: '0.0000' })],
      ['WATCHLIST_POSSIBLE_MATCH'],
    ],
    [
      'a confirmed result of an entity outside the network (ignored)',
      [result(99, 'un', 'QDi.1', { match: true, birth_date: '1.0000' })],
      [],
    ],
  ])('%s → %j', (_name, matches, codes) => {
    expect(identifiedCodes(screened(matches))).toEqual(codes);
  });

  it('a confirmed UN designation of the subject: critical floor, escalation, the entry, list version, score and features as evidence', () => {
    const verdict = v2(screened([result(SUBJECT, 'un', 'QDi.1', { match: true, birth_date: '1.0000' })]));
    expect(verdict.risk).toMatchObject({ risk_level: 'critical', dispositive_floor: 75, escalation_required: true, review_required: true });
    expect(verdict.risk.escalation_reasons.map((r) => r.code)).toEqual(['critical_risk_level', 'un_designated_subject']);
    const signal = verdict.signals.find((s) => s.code === 'SANCTION_UN_SUBJECT')!;
    expect(signal).toMatchObject({ identified: true, score: 100, observed_entity_ids: [SUBJECT] });
    expect(signal.evidences[0]).toMatchObject({
      key: 'watchlist_entry',
      label: 'UN QDi.1: FICTITIOUS LISTED PERSON',
      content: {
        list: 'un',
        entry_id: 'QDi.1',
        list_version: 'un-2026-11-20',
        score: '0.9800',
        features: { name: '1.0000', birth_date: '1.0000' },
        entry: { programs: ['QDi'] },
      },
      metadata: {
        list_version: 'un-2026-11-20',
        score: '0.9800',
        algorithm: { name: 'era-name-matcher', version: '1.0.0' },
        entity: { entity_id: SUBJECT },
      },
    });
    expect(signal.evidences[0].description).toContain('list version un-2026-11-20');
  });

  it('a possible match requires review but sets no floor and no escalation', () => {
    const verdict = v2(screened([result(PARTNER, 'un', 'QDi.1', { match: true })]));
    expect(verdict.risk).toMatchObject({
      dispositive_floor: 0,
      escalation_required: false,
      review_required: true,
      review_recommended: true,
    });
    expect(verdict.risk.score).toBeLessThan(50);
  });

  it('a stale or missing list is a limitation of the signals that read it', () => {
    const lists = [
      { ...freshLists[0], stale: true, published_on: '2026-11-01' },
      { list: 'ofac_sdn', version: null, published_on: null, freshness_days: 14, stale: true },
      freshLists[2],
    ];
    const verdict = v2(screened([], lists));
    expect(verdict.signals.find((s) => s.code === 'SANCTION_UN_SUBJECT')!.limitations.map((l) => l.justification)).toEqual([
      'The UN list used (version 2026-11-20T10:00:00.000Z, published on 2026-11-01) is older than its freshness of 7 days.',
    ]);
    expect(verdict.signals.find((s) => s.code === 'SANCTION_FOREIGN_SUBJECT')!.limitations.map((l) => l.justification)).toEqual([
      'The OFAC SDN list was never imported: no name was screened against it.',
    ]);
  });

  it('a snapshot without a name screening identifies nothing and says why', () => {
    const verdict = v2(snapshot(SUBJECT, [entity(SUBJECT, 'person', 'Fictitious Listed Person')]));
    const signal = verdict.signals.find((s) => s.code === 'WATCHLIST_POSSIBLE_MATCH')!;
    expect(signal.identified).toBe(false);
    expect(signal.limitations[0].justification).toContain('holds no name screening');
  });

  it('scored under catalog 2026.11.1 the screening changes nothing but the snapshot hash, and both verdicts replay byte for byte from the snapshot alone', () => {
    const s = screened([result(SUBJECT, 'un', 'QDi.1', { match: true, birth_date: '1.0000' })]);
    const old = scoreSnapshot(s, ruleCatalogV1, { analysisWorkflowVersion: 'analysis-workflow.v2' });
    expect(old.signals.map((x) => x.code)).toEqual(ruleCatalogV1.signals.map((x) => x.code));
    expect(old.risk.risk_level).toBe('low');
    for (const verdict of [old, v2(s)]) {
      const v = verdict.versions;
      const stored = {
        snapshot: JSON.parse(JSON.stringify(s)),
        verdict: JSON.parse(JSON.stringify(verdict)),
        fingerprints: {
          snapshot_hash: v.snapshot_hash,
          input_fingerprint: v.input_fingerprint,
          engine_fingerprint: v.engine_fingerprint,
          verdict_fingerprint: v.verdict_fingerprint,
        },
      };
      expect(replayVerdict(stored, ruleCatalogRegistry)).toMatchObject({ match: true, rules_version: v.rules_version, differences: [] });
    }
  });
});
