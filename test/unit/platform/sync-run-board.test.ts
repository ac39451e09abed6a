import { createSyncRunBoard } from '../../../infra/sync-run-board';

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
