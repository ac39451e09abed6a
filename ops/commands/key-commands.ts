import { z } from 'zod';
import { listApiKeys } from '../../db/repositories/tenancy/tenancy-admin-repository';
import { parseScopes, scopes } from '../../domain/tenancy';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { revokeApiKey } from '../../usecases/tenancy/revoke-api-key';
import { defineCommand } from '../command';

export const keyCreate = defineCommand({
  name: ['key', 'create'],
  summary: 'Create an API key (printed once; only its hash is stored)',
  flags: {
    company: { type: 'string', value: '<company uuid>', help: 'the company the key acts for', required: true },
    scopes: { type: 'string', value: '<list>', help: `comma list of ${scopes.join(', ')}`, required: true },
    'expires-at': { type: 'string', value: '<ISO 8601>', help: 'when the key stops working, a future instant (default: never)' },
    name: { type: 'string', value: '<label>', help: 'a label for the key' },
    person: {
      type: 'string',
      value: '<person id>',
      help: 'a personal key: it acts as this person of the company (ops people list), within their roles, until they are deactivated; only a person approves case decisions',
    },
  },
  examples: [
    'key create --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --scopes analyses:read,analyses:write --expires-at 2027-01-01T00:00:00Z --json',
    'key create --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --person 6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d --scopes cases:read,cases:approve --name "Otávio (approvals)" --json',
  ],
  options: z.object({
    company: z.uuid(),
    scopes: z.string().transform((value, ctx) => {
      const { valid, unknown } = parseScopes(value);
      if (unknown.length > 0 || valid.length === 0) {
        ctx.addIssue({ code: 'custom', message: unknown.length ? `unknown scopes: ${unknown.join(', ')}` : 'at least one scope' });
        return z.NEVER;
      }
      return valid;
    }),
    // A key born expired could never authenticate: refused rather than silently useless.
    'expires-at': z.iso
      .datetime({ offset: true })
      .refine((v) => new Date(v).getTime() > Date.now(), 'is in the past; give a future instant or leave it out')
      .optional(),
    name: z.string().max(128).optional(),
    person: z.uuid().optional(),
  }),
  run: async ({ options, db, actor }) => {
    const expiresAt = options['expires-at'] ? new Date(options['expires-at']) : null;
    const key = await issueApiKey({ db: await db() }, actor, {
      companyUuid: options.company,
      scopes: options.scopes,
      expiresAt,
      name: options.name,
      personUuid: options.person,
    });
    return {
      key_uuid: key.keyUuid,
      api_key: key.apiKey,
      scopes: options.scopes,
      expires_at: expiresAt?.toISOString() ?? null,
      person_uuid: options.person?.toLowerCase() ?? null,
    };
  },
});

export const keyRevoke = defineCommand({
  name: ['key', 'revoke'],
  summary: 'Revoke an API key at once',
  flags: { key: { type: 'string', value: '<key uuid>', help: 'the key (ops key list shows them)', required: true } },
  examples: ['key revoke --key 5c1f3f8e-2b6a-4a8e-8d55-3f0f1e2d4c6b --json'],
  options: z.object({ key: z.uuid() }),
  run: async ({ options, db, actor }) => {
    const revoked = await revokeApiKey({ db: await db() }, actor, { keyUuid: options.key });
    return { key_uuid: revoked.keyUuid, revoked_at: revoked.revokedAt };
  },
});

export const keyList = defineCommand({
  name: ['key', 'list'],
  summary: "List a company's keys: prefix, scopes, expiry, revocation, last use (never the key)",
  flags: { company: { type: 'string', value: '<company uuid>', help: 'the company', required: true } },
  examples: ['key list --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --json'],
  options: z.object({ company: z.uuid() }),
  run: async ({ options, db }) => {
    const keys = await listApiKeys(await db(), options.company);
    return { company_uuid: options.company, count: keys.length, keys };
  },
});
