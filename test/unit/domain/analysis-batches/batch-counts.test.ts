import { countsOf } from '../../../../domain/analysis-batches/batch-counts';

describe('countsOf', () => {
  it('counts as pending what is neither completed, failed nor canceled', () => {
    expect(countsOf({ total: 10, completed: 4, failed: 1, canceled: 2 })).toEqual({
      total: 10,
      pending: 3,
      completed: 4,
      failed: 1,
      canceled: 2,
    });
  });

  it('never counts a negative pending (rows finished twice over a retry)', () => {
    expect(countsOf({ total: 2, completed: 2, failed: 1, canceled: 0 }).pending).toBe(0);
  });
});
