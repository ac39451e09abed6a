/**
 * Polls `probe` until it gives a value (not `undefined`) and returns it; past `timeoutMs` it
 * fails naming `what`. For states the stack reaches on its own time: a workflow's alert, a
 * webhook delivery, a monitor's next check.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000, everyMs = 300): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
