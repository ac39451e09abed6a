import { buildIdentification } from '../../../../../domain/reports/sections/identification';
import { reportInput } from '../support/report-input';
import { subjectId, variant } from '../support/variants';

describe('identificacao', () => {
  it.each([
    [
      'the golden company',
      reportInput('coaf_cos'),
      { name: 'Sanctioned Fictitious SA', document: '12345671000173', registration_status: 'ATIVA', incorporation_date: '2026-04-02' },
    ],
    ['a subject without a document', variant('coaf_cos', (s) => (s.network.entities[0].document = null)), { document: null }],
    ['a closed registration', variant('bcb_dossie', (s) => (s.network.entities[0].status = 'BAIXADA')), { registration_status: 'BAIXADA' }],
  ])('%s', (_name, input, expected) => {
    expect(buildIdentification(input).content).toMatchObject({ entity_id: subjectId, as_of: '2026-11-21', ...expected });
  });

  it('renders the address from the profile, missing parts as null', () => {
    const input = variant('coaf_cos', (s) => delete s.network.entities[0].profile.city);
    expect(buildIdentification(input).content.address).toEqual({
      street: 'AVENIDA FICTICIA 1000',
      city: null,
      state: 'SP',
      postal_code: '01310-100',
      country: 'BRASIL',
    });
  });
});
