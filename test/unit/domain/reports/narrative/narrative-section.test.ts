import { sha256Hex } from '../../../../../domain/fingerprint';
import { currentRegulatoryManifest } from '../../../../../domain/regulatory/manifest-registry';
import { buildDeterministicSections } from '../../../../../domain/reports/build-deterministic-sections';
import { narrativeSection } from '../../../../../domain/reports/narrative/narrative-section';
import { reportInput } from '../support/report-input';

describe('narrative section', () => {
  const sections = buildDeterministicSections(reportInput('coaf_cos'));
  const make = (text: string, model: string | null) =>
    narrativeSection({
      manifest: currentRegulatoryManifest,
      type: 'coaf_cos',
      key: 'det',
      title: 'Det',
      sections,
      text,
      writer: { model, promptVersion: model ? 'p.v1' : null },
      author: { kind: 'writer' },
    });

  it.each([
    ['a writer text', 'Sinal PEP_ASSOCIATE_DIRECT.', 'm1', ['PEP_ASSOCIATE_DIRECT']],
    ['an officer text without codes', 'Texto do oficial.', null, []],
  ])('%s records model, prompt, hashes and cited codes', (_name, text, model, codes) => {
    const section = make(text, model);
    expect(section.provenance).toMatchObject({ operational_model: model, signal_codes: codes, output_sha256: sha256Hex(text) });
    expect(section.provenance.requirement_ids).toEqual(['BCB3978-COMUNICACAO-COAF', 'LEI9613-ART11-COMUNICACAO']);
  });

  it('hashes the same input the same way whatever the text', () => {
    expect(make('a', 'm').provenance.input_sha256).toBe(make('b', 'm').provenance.input_sha256);
  });
});
