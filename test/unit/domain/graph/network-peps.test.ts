import { collectNetworkPeps } from '../../../../domain/graph/network-peps';
import { pepStatusOn } from '../../../../domain/graph/pep-status';
import type { SnapshotPepRecord } from '../../../../domain/analysis/snapshot';
import { entity, snapshotOf } from './support/snapshot-builder';

const pep = (id: number, entityId: number, extra: Partial<SnapshotPepRecord> = {}): SnapshotPepRecord => ({
  pep_record_id: id, entity_id: entityId, role_acronym: 'DEP', role_description: 'Deputado Federal', role_level: 'federal',
  institution_name: 'Câmara dos Deputados', start_date: '2019-02-01', end_date: null, grace_end_date: null, pep_type: 'elected_official', ...extra,
});

describe('PEP status on the analysis date (as_of 2026-06-30)', () => {
  it.each([
    ['in office, no end date', { end_date: null }, 'active'],
    ['leaves office on as_of', { end_date: '2026-06-30' }, 'active'],
    ['left yesterday', { end_date: '2026-06-29' }, 'grace_period'],
    ['left exactly 5 years ago (last day of the period)', { end_date: '2021-06-30' }, 'grace_period'],
    ['left 5 years and a day ago', { end_date: '2021-06-29' }, undefined],
    ['the source gives its own grace end', { end_date: '2018-01-01', grace_end_date: '2026-07-01' }, 'grace_period'],
    ['not yet in office', { start_date: '2026-07-01' }, undefined],
  ])('%s → %s', (_name, record, expected) => {
    expect(pepStatusOn({ start_date: '2019-02-01', end_date: null, grace_end_date: null, ...record }, '2026-06-30')).toBe(expected);
  });
});

describe('network PEPs', () => {
  const snapshot = snapshotOf({
    subject: 100,
    entities: [entity(100, 'organization', 0), entity(1, 'person', 1), entity(2, 'person', 3), entity(3, 'person', 2), entity(50, 'person', 1)],
    pep_records: [pep(1, 2), pep(2, 1, { end_date: '2024-01-31', pep_type: 'public_official', role_description: null, role_acronym: 'SEC' }), pep(3, 3, { end_date: '2010-01-01' }), pep(4, 100), pep(5, 999)],
  });
  const peps = collectNetworkPeps(snapshot);

  it('lists each PEP of the network by degree, excluding the subject, former PEPs and unknown entities', () => {
    expect(peps.map((p) => [p.entity.entity_id, p.pep_degree, p.pep_status])).toEqual([[1, 1, 'grace_period'], [2, 3, 'active']]);
  });

  it('carries position, institution, dates and type', () => {
    expect(peps[0]).toEqual({
      entity: { entity_id: 1, display_name: 'E1', entity_type: 'person' },
      pep_degree: 1, position_title: 'SEC', institution_name: 'Câmara dos Deputados', start_date: '2019-02-01', end_date: '2024-01-31', pep_status: 'grace_period', pep_type: 'public_official',
    });
  });
});
