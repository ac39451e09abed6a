/** A batch's counts as the API shows them (docs/batches.md): pending is what is neither completed, failed nor canceled. */
export function countsOf(batch: { total: number; completed: number; failed: number; canceled: number }) {
  return {
    total: batch.total,
    pending: Math.max(0, batch.total - batch.completed - batch.failed - batch.canceled),
    completed: batch.completed,
    failed: batch.failed,
    canceled: batch.canceled,
  };
}
