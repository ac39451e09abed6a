import { buildQualification } from '../../../../../domain/reports/sections/qualification';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('qualificacao', () => {
  it.each([
    [
      'the golden company',
      reportInput('bcb_dossie'),
      { main_activity: { cnae: '6201501', description: null }, capital_social: '100000.00', direct_partners: 2 },
    ],
    [
      'no secondary activities',
      variant('bcb_dossie', (s) => delete s.network.entities[0].profile.secondary_cnae_codes),
      { secondary_activities: [] },
    ],
    [
      'an ended partnership does not count',
      variant('bcb_dossie', (s) => (s.network.relationships[0].is_active = false)),
      { direct_partners: 1 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(buildQualification(input).content).toMatchObject(expected);
  });
});
