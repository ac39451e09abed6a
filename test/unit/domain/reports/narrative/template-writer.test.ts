import { buildDeterministicSections } from '../../../../../domain/reports/build-deterministic-sections';
import { findUnsupportedCitations } from '../../../../../domain/reports/narrative/check-citations';
import { collectNarrativeFacts } from '../../../../../domain/reports/narrative/narrative-facts';
import { writeTemplateNarrative } from '../../../../../domain/reports/narrative/template-writer';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('embedded template writer', () => {
  it.each([
    [
      'coaf_cos',
      'det',
      [
        'Comunicação referente a «Sanctioned Fictitious SA» (CNPJ 12.345.671/0001-73)',
        'risco como crítico',
        '- O cliente tem sanção vigente no Cadastro de Empresas Inidôneas e Suspensas (CEIS) (80 pontos).',
        'Enquadramentos propostos: Cliente com informações cadastrais irregulares',
      ],
    ],
    [
      'bcb_dossie',
      'analise',
      [
        'Cliente: «Sanctioned Fictitious SA»',
        'Atividade principal: CNAE 6201501',
        'Pessoas expostas politicamente na rede: «Carla Fictitious» (CPF 529.982.242-10) (grau 1)',
        'Pilares com pontuação: Sanções (100)',
      ],
    ],
    ['bcb_dossie', 'conclusao', ['risco crítico', 'aprovação da alta administração', 'dez anos']],
  ] as const)('%s.%s reads in Portuguese from the sections', (type, key, phrases) => {
    const text = writeTemplateNarrative(type, key, buildDeterministicSections(reportInput(type)));
    for (const phrase of phrases) expect(text).toContain(phrase);
  });

  it.each([
    ['coaf_cos', 'det'],
    ['bcb_dossie', 'analise'],
    ['bcb_dossie', 'conclusao'],
  ] as const)('%s.%s cites only facts of the report', (type, key) => {
    const sections = buildDeterministicSections(reportInput(type));
    expect(findUnsupportedCitations(writeTemplateNarrative(type, key, sections), collectNarrativeFacts(sections))).toEqual([]);
  });

  it.each([
    ['coaf_cos', 'det'],
    ['bcb_dossie', 'analise'],
    ['bcb_dossie', 'conclusao'],
  ] as const)('%s.%s carries no signal code, pillar key or manifest code (pt-BR.templates.v2)', (type, key) => {
    const text = writeTemplateNarrative(type, key, buildDeterministicSections(reportInput(type)));
    expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|\b100[1-6]\b/);
  });

  it('is deterministic and follows the risk level', () => {
    const low = variant(
      'bcb_dossie',
      (s) => (
        (s.sanctions = []),
        (s.media_hits = []),
        (s.pep_records = []),
        (s.network.entities[0].profile.incorporation_date = '2001-01-01')
      ),
    );
    const text = writeTemplateNarrative('bcb_dossie', 'conclusao', buildDeterministicSections(low));
    expect(text).toBe(writeTemplateNarrative('bcb_dossie', 'conclusao', buildDeterministicSections(low)));
    expect(text).not.toContain('risco crítico');
  });

  it('has no template for an unknown section', () => {
    expect(() => writeTemplateNarrative('coaf_cos', 'analise', [])).toThrow('no template for coaf_cos.analise');
  });
});
