import { z } from 'zod';
import { duration, unsetIfEmpty } from './setting-parsers';

/**
 * People signing in to the console with OpenID Connect (docs/sign-in.md). Without
 * `OIDC_ISSUER_URL` nobody signs in (API keys still work): `GET /auth/login` answers 503.
 */
export const signInSettings = {
  /** The identity provider's issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  OIDC_ISSUER_URL: unsetIfEmpty(z.url()),
  OIDC_CLIENT_ID: z.string().min(1).default('era-console'),
  OIDC_CLIENT_SECRET: unsetIfEmpty(z.string().min(1)),
  /** The ID token claim that carries the person's roles (a list, or one string). */
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  /** The ID token claim that carries the uuid of the person's company. */
  OIDC_COMPANY_CLAIM: z.string().min(1).default('company'),
  /** An institution's own provider knows no company: every person it signs in belongs to this one. */
  OIDC_COMPANY_UUID: unsetIfEmpty(z.uuid()),
  /** The scopes asked of the provider. */
  OIDC_SCOPES: z.string().min(1).default('openid profile email'),
  /**
   * The `prompt` of the authorization request: `login` (default) makes the provider ask who signs in
   * every time, so that signing out of the console and in as somebody else on the same browser
   * works; empty: the provider decides (single sign-on).
   */
  OIDC_PROMPT: z.enum(['login', 'consent', 'select_account', '']).default('login'),
  /** How long a console session lasts from its sign-in. */
  SESSION_TTL: duration.refine((ms) => ms >= 1_000 && ms <= 30 * 86_400_000, 'must be from 1s to 30d').default(8 * 3_600_000),
};
