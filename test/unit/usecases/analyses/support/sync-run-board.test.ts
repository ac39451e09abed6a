import { awaitReportedOutcome, createSyncRunBoard } from '../../../../../usecases/analyses/support/sync-run-board';

describe('createSyncRunBoard', () => {
  it('hands a reported outcome to the run that expects it, and only to it', async () => {
    const board = createSyncRunBoard<{ score: number }>();
    const a = board.expect('run-a');
    const b = board.expect('run-b');
    board.report('run-a', { ok: true, value: { score: 42 } });
    board.report('run-b', { ok: false });
    await expect(a.outcome).resolves.toEqual({ ok: true, value: { score: 42 } });
    await expect(b.outcome).resolves.toEqual({ ok: false });
    expect(board.size()).toBe(0);
  });

  it('keeps the first outcome of a run and ignores later reports', async () => {
    const board = createSyncRunBoard<number>();
    const waiter = board.expect('run');
    board.report('run', { ok: true, value: 1 });
    board.report('run', { ok: false });
    await expect(waiter.outcome).resolves.toEqual({ ok: true, value: 1 });
  });

  it('ignores reports nobody waits for: unknown runs and disposed waiters', async () => {
    const board = createSyncRunBoard<number>();
    board.report('nobody', { ok: true, value: 1 });
    const waiter = board.expect('run');
    waiter.dispose();
    board.report('run', { ok: true, value: 2 });
    expect(board.size()).toBe(0);
    const settled = await Promise.race([waiter.outcome.then(() => 'settled'), new Promise((r) => setTimeout(() => r('pending'), 20))]);
    expect(settled).toBe('pending');
  });

  it('forgets a run that settled or was disposed (no leak per request)', () => {
    const board = createSyncRunBoard<number>();
    const waiters = Array.from({ length: 100 }, (_, i) => board.expect(`run-${i}`));
    expect(board.size()).toBe(100);
    waiters.slice(0, 50).forEach((w, i) => board.report(`run-${i}`, { ok: true, value: i }));
    waiters.slice(50).forEach((w) => w.dispose());
    expect(board.size()).toBe(0);
  });
});

describe('awaitReportedOutcome', () => {
  const failed = () => new Error('run failed');
  const options = { graceMs: 50, failed };

  it('answers with the report and never calls the fallback', async () => {
    const board = createSyncRunBoard<string>();
    const waiter = board.expect('run');
    const fallback = jest.fn(async () => 'from the workflow result');
    setTimeout(() => board.report('run', { ok: true, value: 'from the board' }), 5);
    await expect(awaitReportedOutcome(waiter, fallback, options)).resolves.toBe('from the board');
    await new Promise((r) => setTimeout(r, 80));
    expect(fallback).not.toHaveBeenCalled();
  });

  it("turns a failure report into the caller's error", async () => {
    const board = createSyncRunBoard<string>();
    const waiter = board.expect('run');
    board.report('run', { ok: false });
    await expect(awaitReportedOutcome(waiter, async () => 'unused', options)).rejects.toThrow('run failed');
  });

  it('falls back to the workflow result when the board stays silent past the grace period', async () => {
    const board = createSyncRunBoard<string>();
    const started = Date.now();
    const fallback = jest.fn(async () => 'from the workflow result');
    await expect(awaitReportedOutcome(board.expect('run'), fallback, options)).resolves.toBe('from the workflow result');
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('still takes a late report while the fallback is pending, and ignores the fallback failing afterwards', async () => {
    const board = createSyncRunBoard<string>();
    const waiter = board.expect('run');
    let failFallback!: (error: Error) => void;
    const fallback = () => new Promise<string>((_resolve, reject) => (failFallback = reject));
    setTimeout(() => board.report('run', { ok: true, value: 'late report' }), 80);
    await expect(awaitReportedOutcome(waiter, fallback, options)).resolves.toBe('late report');
    failFallback(new Error('Temporal went away')); // must not surface as an unhandled rejection
    await new Promise((r) => setTimeout(r, 10));
  });

  it('reports a fallback failure when nothing was reported', async () => {
    const board = createSyncRunBoard<string>();
    await expect(awaitReportedOutcome(board.expect('run'), async () => Promise.reject(new Error('unreachable')), options)).rejects.toThrow(
      'unreachable',
    );
  });
});
