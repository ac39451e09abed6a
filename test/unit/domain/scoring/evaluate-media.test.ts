import { entity, mediaHit, rel, snapshot } from './support/snapshot-builder';
import { mediaEvaluators } from '../../../../domain/scoring/evaluate-media';
import { evaluate, identifiedBy } from './support/evaluate';

const subject = entity(1, 'organization', 'Subject', { profile: { postal_code: '01310-100', primary_address: 'Rua Fictícia, 10' } });

describe('adverse media signals', () => {
  const partner = entity(2, 'person', 'Partner', { hop: 1 });
  const run = (hits: ReturnType<typeof mediaHit>[], limitations: ReturnType<typeof snapshot>['limitations'] = []) =>
    identifiedBy(
      mediaEvaluators,
      snapshot(1, [subject, partner], { relationships: [rel(2, 1, 'PARTNER_OF')], media_hits: hits, limitations }),
    );
  const cases: [string, ReturnType<typeof mediaHit>[], string[]][] = [
    ['no hit', [], []],
    ['money laundering', [mediaHit('a', 1, 'money_laundering')], ['MEDIA_FINANCIAL_CRIME']],
    ['terrorism', [mediaHit('a', 1, 'terrorism')], ['MEDIA_SERIOUS_CRIME']],
    ['slave labor', [mediaHit('a', 1, 'slave_labor')], ['MEDIA_ESG_LABOR']],
    ['other category', [mediaHit('a', 1, 'tax_dispute')], ['MEDIA_OTHER_ADVERSE']],
    ['weak match ignored', [mediaHit('a', 1, 'fraud', { match_score: 60 })], []],
    ['published after as_of ignored', [mediaHit('a', 1, 'fraud', { published_at: '2027-01-01T00:00:00Z' })], []],
    ['about the partner', [mediaHit('a', 2, 'fraud')], ['MEDIA_NETWORK']],
  ];
  it.each(cases)('%s', (_name, hits, expected) => {
    expect(run(hits)).toEqual(expected);
  });

  it('identifies nothing and says why when media was not screened', () => {
    expect(run([mediaHit('a', 1, 'fraud')], [{ code: 'adverse_media_not_screened', message: 'x', entity_id: null, details: {} }])).toEqual(
      [],
    );
  });
});

describe('media evaluators: observed entities and limitations', () => {
  const partner = entity(2, 'person', 'Partner', { hop: 1 });
  const input = (hits: ReturnType<typeof mediaHit>[], limitations: ReturnType<typeof snapshot>['limitations'] = []) =>
    snapshot(1, [subject, partner], { relationships: [rel(2, 1, 'PARTNER_OF')], media_hits: hits, limitations });
  it.each([
    [
      'MEDIA_FINANCIAL_CRIME',
      input([mediaHit('a', 1, 'fraud'), mediaHit('b', 1, 'fraud', { match_score: 79 })]),
      [1],
      ['media_hits.match_score'],
    ],
    ['MEDIA_FINANCIAL_CRIME', input([mediaHit('a', 1, 'fraud', { match_score: 80 })]), [1], []],
    ['MEDIA_FINANCIAL_CRIME', input([mediaHit('a', 1, 'fraud', { published_at: null })]), [1], []],
    ['MEDIA_NETWORK', input([mediaHit('a', 2, 'fraud'), mediaHit('b', 1, 'fraud')]), [2], []],
    [
      'MEDIA_NETWORK',
      input([mediaHit('a', 2, 'fraud')], [{ code: 'adverse_media_not_screened', message: 'x', entity_id: null, details: {} }]),
      [],
      ['media_hits'],
    ],
  ])('%s (case %#)', (code, snapshotInput, observed, fields) => {
    const finding = evaluate(mediaEvaluators, code, snapshotInput);
    expect([...finding.observed_entity_ids].sort((a, b) => a - b)).toEqual(observed);
    expect(finding.limitations.flatMap((l) => l.fields)).toEqual(fields);
  });
});
