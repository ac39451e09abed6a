/**
 * One page of any list. Every collection answers `{items, next_cursor}` (docs/api-conventions.md); the
 * webhook lists still answer `{data, next_cursor}` on servers that predate it, so both are read.
 */
export type ListPage<T> = { items: T[]; nextCursor: string | null };

export function readListPage<T>(body: unknown): ListPage<T> {
  if (!body || typeof body !== 'object') return { items: [], nextCursor: null };
  const envelope = body as { items?: unknown; data?: unknown; next_cursor?: unknown };
  const items = Array.isArray(envelope.items) ? envelope.items : Array.isArray(envelope.data) ? envelope.data : [];
  const nextCursor = typeof envelope.next_cursor === 'string' && envelope.next_cursor !== '' ? envelope.next_cursor : null;
  return { items: items as T[], nextCursor };
}
