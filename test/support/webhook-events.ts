/** Polls the event log of the given API until every event has the status (or the deadline). */
export async function waitForEventStatuses(
  apiUrl: string,
  apiKey: string,
  uuids: string[],
  status: string,
  timeoutMs: number,
): Promise<Record<string, string>> {
  const deadline = Date.now() + timeoutMs;
  let seen: Record<string, string> = {};
  while (Date.now() < deadline) {
    seen = {};
    let cursor: string | null = null;
    do {
      const response = await fetch(`${apiUrl}/webhooks/webhook-events?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { 'X-API-Key': apiKey },
      }).catch(() => null);
      if (!response || response.status !== 200) break;
      const page: any = await response.json();
      for (const e of page.items) seen[e.uuid] = e.status;
      cursor = page.next_cursor;
    } while (cursor);
    if (uuids.every((u) => seen[u] === status)) return seen;
    await new Promise((r) => setTimeout(r, 250));
  }
  return seen;
}
