import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Console sessions (docs/sign-in.md). The cookie carries a random 256-bit token; the service keeps
 * only its SHA-256. The CSRF token is derived from the session token (an HMAC under it), so the
 * service can hand it to the page that owns the cookie without storing it either.
 */
const sessionTokenPattern = /^ers_[A-Za-z0-9_-]{43}$/;

export function generateSessionToken(): string {
  return `ers_${randomBytes(32).toString('base64url')}`;
}

/** A cookie that cannot be a session token is refused before any database lookup. */
export function isWellFormedSessionToken(value: string): boolean {
  return sessionTokenPattern.test(value);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The CSRF token of a session: the same for the session's whole life, useless without the cookie. */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('csrf').digest('base64url');
}

/** Whether a presented CSRF token is the session's (compared as hashes, in constant time). */
export function isSessionCsrfToken(presented: string | undefined, csrfHash: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(hashToken(presented), 'hex');
  const b = Buffer.from(csrfHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Methods that change nothing: no CSRF token is asked of them. */
export function isSafeMethod(method: string): boolean {
  return ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/** Where the console may send a person back after sign-in: a path of this server's console only, never another origin. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/console') || value.startsWith('//') || /[\\\r\n]/.test(value)) return '/console/';
  return value;
}
