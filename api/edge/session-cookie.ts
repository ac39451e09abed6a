import type { Context } from 'koa';

/**
 * The console's cookies (docs/sign-in.md): the session (`era_session`, path /) and the sign-in in
 * flight between the login redirect and the callback (`era_sign_in`, path /auth, ten minutes).
 * Both HttpOnly and SameSite=Lax (the provider's redirect back is a top-level GET, which Lax
 * lets carry them); Secure when the request came over HTTPS. Nothing else of the service sets a cookie.
 */
export const SESSION_COOKIE = 'era_session';
export const SIGN_IN_COOKIE = 'era_sign_in';
export const SIGN_IN_TTL_MS = 10 * 60_000;

/** Whether the browser reached this server over HTTPS: its public URL says so, or the request itself. */
export function isSecureOrigin(ctx: Context, publicBaseUrl: string | undefined): boolean {
  return publicBaseUrl ? publicBaseUrl.startsWith('https:') : ctx.protocol === 'https';
}

function cookieOptions(ctx: Context, publicBaseUrl: string | undefined, path: string, expires: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureOrigin(ctx, publicBaseUrl),
    path,
    expires,
    overwrite: true,
    signed: false,
  };
}

/** Koa refuses to set a secure cookie on a request it sees as plain HTTP (a TLS proxy in front): it is told the truth here. */
function allowSecure(ctx: Context, publicBaseUrl: string | undefined): void {
  if (isSecureOrigin(ctx, publicBaseUrl)) (ctx.cookies as unknown as { secure: boolean }).secure = true;
}

export function setSessionCookie(ctx: Context, publicBaseUrl: string | undefined, token: string, expiresAt: Date): void {
  allowSecure(ctx, publicBaseUrl);
  ctx.cookies.set(SESSION_COOKIE, token, cookieOptions(ctx, publicBaseUrl, '/', expiresAt));
}

export function clearSessionCookie(ctx: Context, publicBaseUrl: string | undefined): void {
  allowSecure(ctx, publicBaseUrl);
  ctx.cookies.set(SESSION_COOKIE, '', cookieOptions(ctx, publicBaseUrl, '/', new Date(0)));
}

export function setSignInCookie(ctx: Context, publicBaseUrl: string | undefined, value: string): void {
  allowSecure(ctx, publicBaseUrl);
  ctx.cookies.set(SIGN_IN_COOKIE, value, cookieOptions(ctx, publicBaseUrl, '/auth', new Date(Date.now() + SIGN_IN_TTL_MS)));
}

export function clearSignInCookie(ctx: Context, publicBaseUrl: string | undefined): void {
  allowSecure(ctx, publicBaseUrl);
  ctx.cookies.set(SIGN_IN_COOKIE, '', cookieOptions(ctx, publicBaseUrl, '/auth', new Date(0)));
}

export function readSessionCookie(ctx: Context): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) || undefined;
}

export function readSignInCookie(ctx: Context): string | undefined {
  return ctx.cookies.get(SIGN_IN_COOKIE) || undefined;
}
