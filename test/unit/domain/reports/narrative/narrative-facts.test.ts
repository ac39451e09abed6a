import { buildDeterministicSections } from '../../../../../domain/reports/build-deterministic-sections';
import { collectNarrativeFacts, normalizeDocumentText, normalizeNameText } from '../../../../../domain/reports/narrative/narrative-facts';
import { reportInput } from '../support/report-input';

describe('narrative facts', () => {
  it('collects the signal codes, names and documents of the deterministic sections', () => {
    const facts = collectNarrativeFacts(buildDeterministicSections(reportInput('coaf_cos')));
    expect(facts.codes.has('PEP_ASSOCIATE_DIRECT')).toBe(true);
    expect(facts.names.has('CARLA FICTITIOUS')).toBe(true);
    expect(facts.documents.has('52998224210')).toBe(true);
    expect(facts.codes.has('OWNERSHIP_CYCLE')).toBe(false);
  });

  it.each([
    ['12.345.678/0001-95', '12345678000195'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
  ])('normalizes the document %s', (raw, normalized) => expect(normalizeDocumentText(raw)).toBe(normalized));

  it.each([
    ['  José   da Silva ', 'JOSÉ DA SILVA'],
    ['Ação', 'AÇÃO'],
  ])('normalizes the name %s', (raw, normalized) => expect(normalizeNameText(raw)).toBe(normalized));
});
