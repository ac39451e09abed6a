import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/**
 * What a route handler answers (api/routing.ts re-exports it). `final`: the handler knows its body
 * no longer changes (e.g. frozen files), for a route whose `etag` asks it. Declared here, where
 * the ETag is put on it, so that nothing routing.ts imports imports routing.ts.
 */
export type RouteResult = { status: number; body?: unknown; headers?: Record<string, string>; final?: boolean };

/**
 * A strong validator of the representation: the same bytes give the same tag, on every replica.
 * Bytes and text (a rendered document) are hashed as sent; anything else as its JSON.
 */
export function etagOf(body: unknown): string {
  const bytes = Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 §13.1.2: `*`, or a list of tags compared weakly (a `W/` prefix does not matter). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * ETag on a representation that no longer changes (a completed analysis, a built graph, a
 * finalized report), and 304 without a body when the client already holds it. `no-cache` lets
 * a client keep it but makes it ask again, which then costs a 304. Use it through the route
 * option `etag` (api/edge/routing.ts) or directly in a handler.
 */
export function withEtag(ctx: Context, result: RouteResult): RouteResult {
  const etag = etagOf(result.body);
  const headers = { ...result.headers, ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (ifNoneMatchMatches(ctx.get('if-none-match') || undefined, etag)) return { status: 304, headers };
  return { status: result.status, body: result.body, headers };
}
