import { buildSanctionsAndMedia } from '../../../../../domain/reports/sections/sanctions-and-media';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('sancoes_midia', () => {
  it.each([
    ['the golden company', reportInput('coaf_cos'), 3, 1],
    ['nothing found', variant('coaf_cos', (s) => ((s.sanctions = []), (s.media_hits = []))), 0, 0],
  ])('%s', (_name, input, sanctions, media) => {
    const content: any = buildSanctionsAndMedia(input).content;
    expect(content.sanctions).toHaveLength(sanctions);
    expect(content.adverse_media).toHaveLength(media);
  });

  it('names the sanctioned entity and keeps the list and process', () => {
    const content: any = buildSanctionsAndMedia(reportInput('coaf_cos')).content;
    expect(content.sanctions[0]).toMatchObject({ name: 'Sanctioned Fictitious SA', list: 'ceis', process_number: 'PROC-71' });
    expect(content.adverse_media[0]).toMatchObject({ article_id: 'art-0001', category: 'money_laundering' });
  });
});
