import { batchRowAnalysisUuid } from '../../../../domain/analysis-batches/batch-row-analysis-uuid';
import { isUuid } from '../../../../domain/uuid';

const batch = '3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('batchRowAnalysisUuid', () => {
  it.each([
    [batch, '11222333000181', batch.toUpperCase(), '11222333000181', true],
    [batch, '11222333000181', batch, '52998224725', false],
    [batch, 'entity:42', '00000000-0000-4000-8000-000000000000', 'entity:42', false],
  ])('(%s, %s) and (%s, %s) name the same analysis: %s', (b1, s1, b2, s2, same) => {
    expect(batchRowAnalysisUuid(b1, s1) === batchRowAnalysisUuid(b2, s2)).toBe(same);
  });

  it('is a canonical uuid of version 8', () => {
    const uuid = batchRowAnalysisUuid(batch, 'entity:1');
    expect(isUuid(uuid)).toBe(true);
    expect(uuid[14]).toBe('8');
  });
});
