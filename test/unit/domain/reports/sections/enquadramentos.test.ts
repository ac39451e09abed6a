import { buildEnquadramentos } from '../../../../../domain/reports/sections/enquadramentos';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('enquadramentos', () => {
  it.each([
    ['the golden company', reportInput('coaf_cos'), ['1001', '1004', '1005', '1006']],
    ['without media', variant('coaf_cos', (s) => (s.media_hits = [])), ['1001', '1004', '1005']],
    [
      'without PEP, sanctions or media',
      variant('coaf_cos', (s) => ((s.pep_records = []), (s.sanctions = []), (s.media_hits = []))),
      ['1001'],
    ],
  ])('%s → %j', (_name, input, codes) => {
    const content: any = buildEnquadramentos(input).content;
    expect(content.enquadramentos.map((e: any) => e.code)).toEqual(codes);
  });

  it('names the identified signals behind each code', () => {
    const content: any = buildEnquadramentos(reportInput('coaf_cos')).content;
    expect(content.enquadramentos.find((e: any) => e.code === '1005').signal_codes).toEqual([
      'SANCTION_ACTIVE_SUBJECT_CEIS',
      'SANCTION_ACTIVE_SUBJECT_CNEP',
    ]);
  });
});
