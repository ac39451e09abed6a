import { buildBeneficialOwners } from '../../../../../domain/reports/sections/beneficial-owners';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('beneficiarios_finais', () => {
  it('lists each owner with the chain of names down to the subject', () => {
    const content: any = buildBeneficialOwners(reportInput('coaf_cos')).content;
    expect(content.applicable).toBe(true);
    expect(content.owners[0]).toMatchObject({
      name: 'Carla Fictitious',
      document: '52998224210',
      chain: ['Sanctioned Fictitious SA', 'Carla Fictitious'],
    });
  });

  it.each([
    [
      'a person subject has no beneficial owners',
      variant('coaf_cos', (s) => (s.network.entities[0].entity_type = 'person')),
      { applicable: false, owners: [] },
    ],
    [
      'a company without owners is unresolved',
      variant('coaf_cos', (s) => (s.network.relationships = [])),
      { applicable: true, owners: [] },
    ],
  ])('%s', (_name, input, expected) => {
    expect(buildBeneficialOwners(input).content).toMatchObject(expected);
  });
});
