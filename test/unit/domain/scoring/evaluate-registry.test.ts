import type { SnapshotEntity } from '../../../../domain/analysis/snapshot';
import { entity, rel, snapshot } from './support/snapshot-builder';
import { registryEvaluators } from '../../../../domain/scoring/evaluate-registry';
import { evaluate, identifiedBy } from './support/evaluate';

const org = (extra: Partial<SnapshotEntity>) => entity(1, 'organization', 'Subject', extra);

describe('registry signals (as_of 2026-11-21)', () => {
  const cases: [string, Partial<SnapshotEntity>, string[]][] = [
    ['active, old', { status: 'ATIVA', profile: { incorporation_date: '2010-01-01' } }, []],
    ['BAIXADA', { status: 'BAIXADA', profile: { incorporation_date: '2010-01-01' } }, ['REGISTRY_CLOSED']],
    ['nula, lower case', { status: 'nula', profile: {} }, ['REGISTRY_NULLIFIED']],
    ['SUSPENSA', { status: 'SUSPENSA', profile: {} }, ['REGISTRY_SUSPENDED']],
    ['INAPTA', { status: 'INAPTA', profile: {} }, ['REGISTRY_UNFIT']],
    ['incorporated 11 months before', { profile: { incorporation_date: '2025-12-22' } }, ['REGISTRY_RECENT_INCORPORATION']],
    ['incorporated exactly 12 months before', { profile: { incorporation_date: '2025-11-21' } }, []],
    ['incorporated after as_of', { profile: { incorporation_date: '2026-12-01' } }, []],
    [
      'special situation',
      { profile: { special_status: 'RECUPERACAO JUDICIAL', special_status_date: '2024-01-01' } },
      ['REGISTRY_SPECIAL_SITUATION'],
    ],
    ['special situation dated after as_of', { profile: { special_status: 'FALIDO', special_status_date: '2027-01-01' } }, []],
  ];
  it.each(cases)('%s', (_name, extra, expected) => {
    expect(identifiedBy(registryEvaluators, snapshot(1, [org(extra)]))).toEqual(expected);
  });

  it('flags a branch of an unfit headquarters', () => {
    const s = snapshot(1, [org({ profile: { is_headquarters: false } }), entity(2, 'organization', 'HQ', { status: 'INAPTA', hop: 1 })], {
      relationships: [rel(1, 2, 'BRANCH_OF')],
    });
    expect(identifiedBy(registryEvaluators, s)).toEqual(['REGISTRY_HEADQUARTERS_IRREGULAR']);
  });
});

describe('registry evaluators: limitations and evidence', () => {
  it.each([
    ['REGISTRY_CLOSED', org({ status: null }), false, ['status']],
    ['REGISTRY_CLOSED', entity(1, 'person', 'Person', { status: null }), false, []],
    ['REGISTRY_RECENT_INCORPORATION', org({ profile: {} }), false, ['incorporation_date']],
    ['REGISTRY_RECENT_INCORPORATION', entity(1, 'person', 'Person'), false, []],
    ['REGISTRY_RECENT_INCORPORATION', org({ profile: { incorporation_date: '2026-05-21' } }), true, []],
  ])('%s (case %#)', (code, subject, identified, fields) => {
    const finding = evaluate(registryEvaluators, code, snapshot(1, [subject]));
    expect(finding.identified).toBe(identified);
    expect(finding.limitations.flatMap((l) => l.fields)).toEqual(fields);
  });

  it('gives the age in months of a recent incorporation', () => {
    const [evidence] = evaluate(
      registryEvaluators,
      'REGISTRY_RECENT_INCORPORATION',
      snapshot(1, [org({ profile: { incorporation_date: '2026-05-21' } })]),
    ).evidences;
    expect(evidence.content).toEqual({ incorporation_date: '2026-05-21', age_months: 6 });
  });

  it('says when the headquarters is outside the snapshot', () => {
    const finding = evaluate(
      registryEvaluators,
      'REGISTRY_HEADQUARTERS_IRREGULAR',
      snapshot(1, [org({ profile: { is_headquarters: false } })], { relationships: [rel(1, 2, 'BRANCH_OF')] }),
    );
    expect([finding.identified, finding.limitations.flatMap((l) => l.fields)]).toEqual([false, ['headquarters_entity_id']]);
  });
});
