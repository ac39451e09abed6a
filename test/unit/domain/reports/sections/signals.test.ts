import { buildSignals } from '../../../../../domain/reports/sections/signals';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('sinais', () => {
  it('lists the identified signals with the rule references and the manifest requirements', () => {
    const content: any = buildSignals(reportInput('coaf_cos')).content;
    expect(content.identified.map((s: any) => s.code)).toEqual([
      'SANCTION_ACTIVE_SUBJECT_CEIS',
      'SANCTION_ACTIVE_SUBJECT_CNEP',
      'PEP_ASSOCIATE_DIRECT',
      'REGISTRY_RECENT_INCORPORATION',
      'MEDIA_FINANCIAL_CRIME',
    ]);
    expect(content.identified[0].norm_references).toContain('Lei 9.613/1998, art. 10');
    expect(content.identified[0].requirement_ids).toContain('CC4001-TIPOLOGIAS');
  });

  it.each([
    ['coaf_cos cites COAF requirements', reportInput('coaf_cos'), 'LEI9613-ART11-COMUNICACAO', true],
    ['bcb_dossie does not', reportInput('bcb_dossie'), 'LEI9613-ART11-COMUNICACAO', false],
    ['bcb_dossie cites the dossier', reportInput('bcb_dossie'), 'BCB3978-DOSSIE', true],
  ])('%s', (_name, input, requirement, present) => {
    const content: any = buildSignals(input).content;
    expect(content.identified[0].requirement_ids.includes(requirement)).toBe(present);
  });

  it('has an empty list when nothing is identified', () => {
    const input = variant(
      'coaf_cos',
      (s) => (
        (s.sanctions = []),
        (s.media_hits = []),
        (s.pep_records = []),
        (s.network.entities[0].profile.incorporation_date = '2001-01-01')
      ),
    );
    expect((buildSignals(input).content as any).identified.map((s: any) => s.code)).not.toContain('SANCTION_ACTIVE_SUBJECT_CEIS');
  });
});
