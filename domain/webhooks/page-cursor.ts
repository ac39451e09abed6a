/**
 * Opaque keyset cursors for the webhook lists: newest first, the cursor names the last row
 * returned. Opaque so that the ordering key can change without breaking clients.
 */
export function encodeCursor(lastId: number): string {
  return Buffer.from(`v1:${lastId}`, 'utf8').toString('base64url');
}

/** The row id after which to continue, or null for a malformed cursor. */
export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^v1:(\d{1,15})$/.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

export const defaultPageSize = 50;
export const maxPageSize = 200;
