import { classifyPepRole } from '../../../../domain/entity-store/pep-type';

describe('PEP role', () => {
  it.each([
    ['DEPUTADO FEDERAL', 'DEP FED', 'elected_official'],
    ['Vereador', null, 'elected_official'],
    ['SECRETÁRIO EXECUTIVO', 'DAS 6', 'public_official'],
  ])('%s → %s', (description, acronym, type) => expect(classifyPepRole(description, acronym)).toBe(type));
});
