import { buildDeterministicSections } from '../../../../../domain/reports/build-deterministic-sections';
import { findUnsupportedCitations } from '../../../../../domain/reports/narrative/check-citations';
import { collectNarrativeFacts } from '../../../../../domain/reports/narrative/narrative-facts';
import { reportInput } from '../support/report-input';

describe('citations of a narrative', () => {
  const facts = collectNarrativeFacts(buildDeterministicSections(reportInput('coaf_cos')));

  it.each([
    [
      'known code, name and documents',
      'O sinal SANCTION_ACTIVE_SUBJECT_CEIS atinge «Sanctioned Fictitious SA» (CNPJ 12.345.671/0001-73) e «carla fictitious», CPF 529.982.242-10.',
      [],
    ],
    ['plain prose cites nothing', 'Risco crítico: recomenda-se diligência reforçada.', []],
    ['an unknown signal code', 'Há também o sinal OFFSHORE_SHELL_BANK.', ['signal code OFFSHORE_SHELL_BANK is not in the report']],
    ['an unknown document', 'O sócio (CPF 111.444.777-35) é laranja.', ['document 111.444.777-35 is not in the report']],
    ['an unknown bare document', 'CNPJ 11444777000161.', ['document 11444777000161 is not in the report']],
    ['an unknown quoted name', 'Ligado a «Fulano de Tal».', ['name «Fulano de Tal» is not in the report']],
  ])('%s', (_name, text, problems) => {
    expect(findUnsupportedCitations(text, facts)).toEqual(problems);
  });
});
