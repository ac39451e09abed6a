import { z } from 'zod';
import { roles } from '../../../domain/roles';

export const signInQuerySchema = z
  .object({
    return_to: z.string().max(2000).optional().describe('the console path to come back to after sign-in (default `/console/`; anything else is ignored)'),
  })
  .strict();

export const callbackQuerySchema = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(1000).optional(),
    iss: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    session_state: z.string().max(1000).optional(),
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
    csrf_token: z.string().describe('send it as `X-CSRF-Token` on every write made with this session (403 `csrf_token_invalid` without it)'),
    expires_at: z.string().describe('when the session ends (ISO 8601); sign in again after'),
  })
  .meta({ id: 'Session', examples: [exampleSession] });
export type Session = z.infer<typeof sessionSchema>;
