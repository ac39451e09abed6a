import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDevIdentityProvider, type DevIdentityProvider } from '../../support/dev-identity-provider/dev-identity-provider';
import { type DevPerson, listDemoUsers } from '../../support/dev-identity-provider/dev-people';
import { startOnFreePort } from './ports';

/** The console's client at the development identity provider. */
export const DEV_OIDC_CLIENT_ID = 'era-console';

export type StackIdentityProvider = {
  provider: DevIdentityProvider;
  /** The api's sign-in settings (config/sign-in-settings.ts) for this provider. */
  env: { OIDC_ISSUER_URL: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** `<dataDir>/demo-users.json`: `[{username, password, role}]`. */
  demoUsersFile: string;
};

/**
 * The development identity provider of the local stack (docs/sign-in.md): in the stack's own
 * process (no child to start or supervise: it costs one RSA key and a listening socket), on
 * `port` or a free one, with a client secret new at every start, and the demo people listed in
 * `<dataDir>/demo-users.json`. `allowRegistration` lets the tests add people of their own companies.
 */
export async function startStackIdentityProvider(options: {
  port: number | 'auto';
  dataDir: string;
  people: DevPerson[];
  allowRegistration: boolean;
}): Promise<StackIdentityProvider> {
  const clientSecret = randomBytes(24).toString('base64url');
  const start = (port: number) =>
    startDevIdentityProvider({
      port,
      clientId: DEV_OIDC_CLIENT_ID,
      clientSecret,
      people: options.people,
      allowRegistration: options.allowRegistration,
    });
  const provider = options.port === 'auto' ? await startOnFreePort('the development identity provider', start) : await start(options.port);
  mkdirSync(options.dataDir, { recursive: true });
  const demoUsersFile = path.join(options.dataDir, 'demo-users.json');
  writeFileSync(demoUsersFile, `${JSON.stringify(listDemoUsers(options.people), null, 2)}\n`, { mode: 0o600 });
  return {
    provider,
    env: { OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: DEV_OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: clientSecret },
    demoUsersFile,
  };
}
