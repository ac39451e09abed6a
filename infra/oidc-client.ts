import type { Config } from '../config/config';
import { DependencyUnavailableError, SignInFailedError, SignInNotConfiguredError } from '../domain/errors';

/**
 * The service as an OpenID Connect client of the institution's identity provider (docs/sign-in.md),
 * over `openid-client`: discovery (read once, then kept), the authorization URL of the code flow
 * with PKCE (S256), state and nonce, and the code exchange that validates the ID token (issuer,
 * audience, signature by the provider's JWKS, expiry, nonce) before its claims are believed.
 */
type OidcConfig = Pick<Config, 'OIDC_ISSUER_URL' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_SCOPES' | 'OIDC_PROMPT'>;

/** What a sign-in in flight keeps in the browser between the login redirect and the callback. */
export type PendingSignIn = { state: string; nonce: string; verifier: string; returnTo: string };

export type OidcSignIn = {
  /** Where to send the browser: the provider's authorization endpoint with the request. */
  startSignIn: (redirectUri: string, returnTo: string) => Promise<{ url: string; pending: PendingSignIn }>;
  /** The callback's URL exchanged for validated ID token claims. */
  finishSignIn: (callbackUrl: URL, pending: PendingSignIn) => Promise<{ issuer: string; claims: Record<string, unknown> }>;
};

type Client = typeof import('openid-client');

export function createOidcSignIn(config: OidcConfig): OidcSignIn {
  let discovered: Promise<{ client: Client; configuration: import('openid-client').Configuration }> | undefined;

  function discover() {
    const issuer = config.OIDC_ISSUER_URL;
    if (!issuer) return Promise.reject(new SignInNotConfiguredError());
    discovered ??= (async () => {
      // openid-client is an ES module: loaded at the first sign-in, never by a process without one.
      const client = await import('openid-client');
      const url = new URL(issuer);
      const configuration = await client.discovery(
        url,
        config.OIDC_CLIENT_ID,
        undefined,
        config.OIDC_CLIENT_SECRET ? client.ClientSecretBasic(config.OIDC_CLIENT_SECRET) : client.None(),
        // A provider on plain HTTP is a development one on this machine (the local stack's).
        url.protocol === 'http:' ? { execute: [client.allowInsecureRequests], timeout: 5 } : { timeout: 5 },
      );
      return { client, configuration };
    })().catch((error) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  }

  /** The provider's configuration; a provider out of reach is a 502, a missing configuration stays what it is. */
  async function reachProvider() {
    try {
      return await discover();
    } catch (error) {
      if (error instanceof SignInNotConfiguredError) throw error;
      throw new DependencyUnavailableError('the identity provider');
    }
  }

  return {
    startSignIn: async (redirectUri, returnTo) => {
      const { client, configuration } = await reachProvider();
      const verifier = client.randomPKCECodeVerifier();
      const pending: PendingSignIn = { state: client.randomState(), nonce: client.randomNonce(), verifier, returnTo };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: config.OIDC_SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...(config.OIDC_PROMPT ? { prompt: config.OIDC_PROMPT } : {}),
      });
      return { url: url.href, pending };
    },
    finishSignIn: async (callbackUrl, pending) => {
      const { client, configuration } = await reachProvider();
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError)
        throw new SignInFailedError(`the identity provider refused the sign-in (${providerError.slice(0, 100)}); start again`);
      try {
        const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new SignInFailedError();
        return { issuer: configuration.serverMetadata().issuer, claims: claims as Record<string, unknown> };
      } catch (error) {
        if (error instanceof SignInFailedError) throw error;
        const code = (error as { code?: string }).code;
        // The provider out of reach is a 502; anything it or its token said that does not hold is a failed sign-in.
        if (code === 'OAUTH_TIMEOUT' || (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED')
          throw new DependencyUnavailableError('the identity provider');
        throw new SignInFailedError();
      }
    },
  };
}
