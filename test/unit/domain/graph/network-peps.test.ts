import { collectNetworkPeps } from '../../../../domain/graph/network-peps';
import type { SnapshotPepRecord } from '../../../../domain/analysis/snapshot';
import { entity, snapshotOf } from './support/snapshot-builder';

const pep = (id: number, entityId: number, extra: Partial<SnapshotPepRecord> = {}): SnapshotPepRecord => ({
  pep_record_id: id,
  entity_id: entityId,
  role_acronym: 'DEP',
  role_description: 'Deputado Federal',
  role_level: 'federal',
  institution_name: 'Câmara dos Deputados',
  start_date: '2019-02-01',
  end_date: null,
  grace_end_date: null,
  pep_type: 'elected_official',
  ...extra,
});

describe('network PEPs', () => {
  const snapshot = snapshotOf({
    subject: 100,
    entities: [
      entity(100, 'organization', 0),
      entity(1, 'person', 1),
      entity(2, 'person', 3),
      entity(3, 'person', 2),
      entity(50, 'person', 1),
    ],
    pep_records: [
      pep(1, 2),
      pep(2, 1, { end_date: '2024-01-31', pep_type: 'public_official', role_description: null, role_acronym: 'SEC' }),
      pep(3, 3, { end_date: '2010-01-01' }),
      pep(4, 100),
      pep(5, 999),
    ],
  });
  const peps = collectNetworkPeps(snapshot, 5);

  it('lists each PEP of the network by degree, excluding the subject, former PEPs and unknown entities', () => {
    expect(peps.map((p) => [p.entity.entity_id, p.pep_degree, p.pep_status])).toEqual([
      [1, 1, 'grace_period'],
      [2, 3, 'active'],
    ]);
  });

  it('carries position, institution, dates and type', () => {
    expect(peps[0]).toEqual({
      entity: { entity_id: 1, display_name: 'E1', entity_type: 'person' },
      pep_degree: 1,
      position_title: 'SEC',
      institution_name: 'Câmara dos Deputados',
      start_date: '2019-02-01',
      end_date: '2024-01-31',
      pep_status: 'grace_period',
      pep_type: 'public_official',
    });
  });
});

describe("network PEPs take the grace period they are given (the catalog's)", () => {
  const snapshot = snapshotOf({
    subject: 100,
    entities: [entity(100, 'organization', 0), entity(1, 'person', 1)],
    pep_records: [pep(1, 1, { end_date: '2023-06-30' })],
  });
  it.each([
    [5, ['grace_period']],
    [3, ['grace_period']],
    [2, []],
  ])('%i years → %j', (years, statuses) => expect(collectNetworkPeps(snapshot, years).map((p) => p.pep_status)).toEqual(statuses));
});
