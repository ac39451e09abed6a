/**
 * The paging both bulk workflows share (a change's fan-out, a review reschedule): batches in id
 * order from `after`, at most `maxBatches` in this run, each answering how many it handled and the
 * last id it read (null: nothing after it). Workflow code: only the activity inside `batch` does I/O.
 */
export async function pageThrough(
  start: { after: number; total: number },
  maxBatches: number,
  batch: (after: number) => Promise<{ handled: number; lastId: number | null }>,
): Promise<{ done: boolean; after: number; total: number }> {
  let { after, total } = start;
  for (let n = 0; n < maxBatches; n++) {
    const result = await batch(after);
    total += result.handled;
    if (result.lastId === null) return { done: true, after, total };
    after = result.lastId;
  }
  return { done: false, after, total };
}
