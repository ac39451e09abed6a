import { buildInvolvedParties } from '../../../../../domain/reports/sections/involved-parties';
import { reportInput } from '../support/report-input';
import { holdingId, pepPartnerId, subjectId, variant } from '../support/variants';

describe('envolvidos', () => {
  it('lists the titular, its partners, owners and PEPs once each, with Siscoaf flags', () => {
    const parties: any[] = (buildInvolvedParties(reportInput('coaf_cos')).content as any).parties;
    expect(parties.map((p) => [p.entity_id, p.type_code])).toEqual([
      [subjectId, '1'],
      [pepPartnerId, '2'],
      [holdingId, '2'],
      [9100004, '3'],
    ]);
    expect(parties[1]).toMatchObject({ pep: true, public_servant: false, obligated_person: false });
  });

  it.each([
    [
      'a public official is a public servant',
      (s: any) => (s.pep_records[0].pep_type = 'public_official'),
      pepPartnerId,
      { pep: true, public_servant: true },
    ],
    [
      'a financial institution is an obligated person',
      (s: any) => (s.network.entities[2].entity_type = 'financial_institution'),
      holdingId,
      { obligated_person: true },
    ],
    [
      'a party without a document keeps a null document',
      (s: any) => (s.network.entities[1].document = null),
      pepPartnerId,
      { document: null },
    ],
  ])('%s', (_name, change, entityId, expected) => {
    const parties: any[] = (buildInvolvedParties(variant('coaf_cos', change)).content as any).parties;
    expect(parties.find((p) => p.entity_id === entityId)).toMatchObject(expected);
  });
});
