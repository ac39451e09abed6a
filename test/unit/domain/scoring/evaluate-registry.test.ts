import type { SnapshotEntity } from '../../../../domain/analysis/snapshot';
import { entity, rel, snapshot } from './support/snapshot-builder';
import { identifiedIn } from './support/identified';

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
    ['special situation', { profile: { special_status: 'RECUPERACAO JUDICIAL', special_status_date: '2024-01-01' } }, ['REGISTRY_SPECIAL_SITUATION']],
    ['special situation dated after as_of', { profile: { special_status: 'FALIDO', special_status_date: '2027-01-01' } }, []],
  ];
  it.each(cases)('%s', (_name, extra, expected) => {
    expect(identifiedIn(snapshot(1, [org(extra)]), 'registry_status')).toEqual(expected);
  });

  it('flags a branch of an unfit headquarters', () => {
    const s = snapshot(1, [org({ profile: { is_headquarters: false } }), entity(2, 'organization', 'HQ', { status: 'INAPTA', hop: 1 })], { relationships: [rel(1, 2, 'BRANCH_OF')] });
    expect(identifiedIn(s, 'registry_status')).toEqual(['REGISTRY_HEADQUARTERS_IRREGULAR']);
  });
});
