import { applicableDomains } from '../../../../../domain/graph/expansion/expansion-domains';

describe('expansion domains', () => {
  it.each([
    ['entity', ['media', 'ownership', 'ownership', 'pep'], ['ownership', 'pep']],
    ['proceeding', ['ownership', 'proceedings'], ['proceedings']],
    ['entity', ['media'], []],
  ] as const)('applicable domains of a %s node for %j → %j', (kind, requested, applied) => {
    expect(applicableDomains(kind, requested)).toEqual(applied);
  });
});
