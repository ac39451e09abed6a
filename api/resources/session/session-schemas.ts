import { z } from 'zod';
import { roles } from '../../../domain/roles';
import { text } from '../../edge/request-fields';

export const signInQuerySchema = z
  .object({
    return_to: text({ max: 2000 })
      .optional()
      .describe('the console path to come back to after sign-in (default `/console/`; anything else is ignored)'),
  })
  .strict();

// The maxima together stay within the HTTP server's 16 KB head even when every character is
// percent-encoded UTF-8 (6 bytes): 2,332 characters at most (api/edge/request-fields.ts).
export const callbackQuerySchema = z
  .object({
    code: text({ max: 1500 }).optional().describe('the authorization code, exchanged once with the PKCE verifier'),
    state: text({ max: 128 }).optional().describe('the state sent with the authorization request; must match the sign-in in flight'),
    iss: text({ max: 256 }).optional().describe("the provider's issuer (RFC 9207), checked against the discovered one"),
    error: text({ max: 64 }).optional().describe('the error the provider answered instead of a code (e.g. access_denied)'),
    error_description: text({ max: 256 }).optional().describe("the provider's words about its error"),
    session_state: text({ max: 128 }).optional().describe("the provider's session state (OpenID Connect Session Management), not used"),
  })
  .describe("the identity provider's answer to the authorization request");

const exampleSession = {
  person: { uuid: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', name: 'Ana Analyst', email: 'ana@bank.example', roles: ['analyst'] },
  company_uuid: '0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10',
  scopes: ['analyses:read', 'analyses:write', 'cases:read', 'cases:write'],
  csrf_token: 'yJq6m2Qx0n0b7c3sHf8uT1vWkZ4aE5rD9gLpNiOoM2c',
  expires_at: '2026-11-25T22:00:00.000Z',
};

export const sessionSchema = z
  .object({
    person: z.object({
      uuid: z.uuid().describe("the person's id: what assignments, decisions and audit events carry"),
      name: z.string(),
      email: z.string().nullable(),
      roles: z.array(z.enum(roles)),
    }),
    company_uuid: z.uuid(),
    scopes: z.array(z.string()).describe("the powers of the person's roles, named as the scopes of a key"),
    csrf_token: z
      .string()
      .describe('send it as `X-CSRF-Token` on every write made with this session (403 `csrf_token_invalid` without it)'),
    expires_at: z.string().describe('when the session ends (ISO 8601); sign in again after'),
  })
  .meta({ id: 'Session', examples: [exampleSession] });
export type Session = z.infer<typeof sessionSchema>;
