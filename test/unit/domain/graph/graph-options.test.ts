import { resolveGraphOptions } from '../../../../domain/graph/graph-options';
import { ruleCatalogV1 } from '../../../../domain/rules';

const shortGrace = structuredClone(ruleCatalogV1);
for (const s of shortGrace.signals) if (s.pillar === 'pep_exposure') s.parameters.grace_years = 2;

describe('graph options and their defaults', () => {
  it.each([
    [
      "the bounds alone: the kernel's defaults",
      { maxDepth: 4, maxNodes: 100 },
      { maxDepth: 4, maxNodes: 100, maxFanOut: 1000, uboThresholdPercent: 25, pepGraceYears: 5 },
    ],
    [
      'a configured threshold and fan-out',
      { maxDepth: 2, maxNodes: 10, maxFanOut: 3, uboThresholdPercent: 10 },
      { maxDepth: 2, maxNodes: 10, maxFanOut: 3, uboThresholdPercent: 10, pepGraceYears: 5 },
    ],
    [
      'the grace period of the catalog the verdict used',
      { maxDepth: 4, maxNodes: 100, catalog: shortGrace },
      { maxDepth: 4, maxNodes: 100, maxFanOut: 1000, uboThresholdPercent: 25, pepGraceYears: 2 },
    ],
  ])('%s', (_name, given, expected) => expect(resolveGraphOptions(given)).toEqual(expected));

  it('refuses a threshold that is no percentage', () =>
    expect(() => resolveGraphOptions({ maxDepth: 4, maxNodes: 100, uboThresholdPercent: 250 })).toThrow(/0 to 100/));
});
