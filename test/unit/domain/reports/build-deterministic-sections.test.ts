import {
  buildDeterministicSection,
  buildDeterministicSections,
  sectionBuilders,
} from '../../../../domain/reports/build-deterministic-sections';
import { reportTypeSpec } from '../../../../domain/regulatory/manifest-registry';
import { currentRegulatoryManifest } from '../../../../domain/regulatory/manifest-registry';
import { reportInput } from './support/report-input';

describe('deterministic sections', () => {
  it.each(['coaf_cos', 'bcb_dossie'] as const)(
    'every deterministic section of %s has a builder and comes out in manifest order',
    (type) => {
      const keys = reportTypeSpec(currentRegulatoryManifest, type)
        .sections.filter((s) => s.kind === 'deterministic')
        .map((s) => s.key);
      for (const key of keys) expect(sectionBuilders[key]).toBeDefined();
      expect(buildDeterministicSections(reportInput(type)).map((s) => s.key)).toEqual(keys);
    },
  );

  it.each([
    ['coaf_cos', 'enquadramentos', ['CC4001-TIPOLOGIAS']],
    ['coaf_cos', 'identificacao', ['BCB3978-IDENTIFICACAO', 'LEI9613-ART10-REGISTROS']],
    ['bcb_dossie', 'qualificacao', ['BCB3978-QUALIFICACAO']],
  ] as const)('%s.%s cites the requirements mapped to it', (type, key, requirements) => {
    expect(buildDeterministicSection(reportInput(type), key).provenance.requirement_ids).toEqual(requirements);
  });

  it('cites as signal codes only identified signals mapped to the section', () => {
    const section = buildDeterministicSection(reportInput('coaf_cos'), 'pessoas_expostas');
    expect(section.provenance.signal_codes).toEqual(['PEP_ASSOCIATE_DIRECT']);
  });

  it.each([
    ['coaf_cos', 'qualificacao'],
    ['bcb_dossie', 'envolvidos'],
    ['coaf_cos', 'det'],
    ['coaf_cos', 'nowhere'],
  ] as const)('refuses %s.%s (not a deterministic section of that type)', (type, key) => {
    expect(() => buildDeterministicSection(reportInput(type), key)).toThrow('has no deterministic section');
  });
});
