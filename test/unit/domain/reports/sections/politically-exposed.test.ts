import { buildPoliticallyExposed } from '../../../../../domain/reports/sections/politically-exposed';
import { reportInput } from '../support/report-input';
import { pepPartnerId, subjectId, variant } from '../support/variants';

describe('pessoas_expostas', () => {
  it.each([
    ['a PEP partner in the network', reportInput('bcb_dossie'), false, [pepPartnerId]],
    ['the subject itself is the PEP', variant('bcb_dossie', (s) => (s.pep_records[0].entity_id = subjectId)), true, []],
    [
      'a PEP whose grace period ended exposes nobody',
      variant('bcb_dossie', (s) => ((s.pep_records[0].end_date = '2015-01-01'), (s.pep_records[0].grace_end_date = '2020-01-01'))),
      false,
      [],
    ],
  ])('%s', (_name, input, subjectIsPep, networkIds) => {
    const content: any = buildPoliticallyExposed(input).content;
    expect(content.subject_is_pep).toBe(subjectIsPep);
    expect(content.network.map((p: any) => p.entity_id)).toEqual(networkIds);
  });
});
