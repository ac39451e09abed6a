import { pageThrough } from '../../../workflows/paged-batches';

/** Pages of `size` over ids 1..n: each batch answers how many it handled and its last id (null at the end). */
const pagesOver = (n: number, size: number) => {
  const calls: number[] = [];
  const batch = async (after: number) => {
    calls.push(after);
    const ids = Array.from({ length: n }, (_, i) => i + 1)
      .filter((id) => id > after)
      .slice(0, size);
    return { handled: ids.length, lastId: ids.length === size ? ids[ids.length - 1] : null };
  };
  return { calls, batch };
};

describe('pageThrough (the paging of the fan-out and the review reschedule)', () => {
  it.each([
    ['nothing to page', 0, 3, 10, { after: 0, total: 0 }, { done: true, after: 0, total: 0 }, [0]],
    ['one short page', 2, 3, 10, { after: 0, total: 0 }, { done: true, after: 0, total: 2 }, [0]],
    ['exact pages end with an empty one', 6, 3, 10, { after: 0, total: 0 }, { done: true, after: 6, total: 6 }, [0, 3, 6]],
    [
      'stops after maxBatches, saying where (continue-as-new)',
      10,
      3,
      2,
      { after: 0, total: 0 },
      { done: false, after: 6, total: 6 },
      [0, 3],
    ],
    [
      'resumes where a previous run stopped, adding to its total',
      10,
      3,
      10,
      { after: 6, total: 6 },
      { done: true, after: 9, total: 10 },
      [6, 9],
    ],
  ])('%s', async (_name, n, size, maxBatches, start, expected, calledFrom) => {
    const { calls, batch } = pagesOver(n, size);
    expect(await pageThrough(start, maxBatches, batch)).toEqual(expected);
    expect(calls).toEqual(calledFrom);
  });
});
