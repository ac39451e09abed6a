import type { Scope } from './tenancy';

/**
 * The roles a person signs in with (docs/sign-in.md) and their powers, told as the API-key scopes
 * that grant the same powers: a route asks for one scope, and a person may call it when their
 * role holds that scope.
 * - `analyst` runs analyses and works cases;
 * - `officer` does what an analyst does, and approves, finalizes and files reports;
 * - `auditor` reads everything, the audit trail included, and changes nothing;
 * - `admin` runs the keys, webhook endpoints, workflows and settings, and reads what it administers.
 */
export const roles = ['analyst', 'officer', 'auditor', 'admin'] as const;
export type Role = (typeof roles)[number];

const analystScopes: readonly Scope[] = [
  'analyses:read',
  'analyses:write',
  'entities:read',
  'adverse_media:read',
  'adverse_media:write',
  'reports:read',
  'webhooks:read',
  'workflows:read',
  'watchlists:read',
  'cases:read',
  'cases:write',
  'monitors:read',
  'monitors:write',
];

const roleScopes: Record<Role, readonly Scope[]> = {
  analyst: analystScopes,
  officer: [...analystScopes, 'reports:write', 'cases:approve'],
  auditor: [
    'analyses:read',
    'entities:read',
    'adverse_media:read',
    'reports:read',
    'webhooks:read',
    'workflows:read',
    'watchlists:read',
    'cases:read',
    'monitors:read',
    'audit:read',
  ],
  admin: [
    'analyses:read',
    'entities:read',
    'reports:read',
    'webhooks:read',
    'webhooks:write',
    'webhooks:retry',
    'workflows:read',
    'workflows:write',
    'watchlists:read',
    'cases:read',
    'monitors:read',
  ],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** The scopes a person of these roles holds: the union of each role's (none: no power at all). */
export function scopesOfRoles(held: readonly Role[]): ReadonlySet<Scope> {
  return new Set(held.flatMap((role) => roleScopes[role]));
}

/**
 * What a personal key may do: the scopes it was given that its person's roles still hold. A key
 * acts as its person, so it never does more than the person could signed in, and a person whose
 * roles shrink at their next sign-in takes their keys' powers down with them.
 */
export function scopesOfPersonalKey(keyScopes: ReadonlySet<string>, held: readonly Role[]): ReadonlySet<string> {
  const allowed = scopesOfRoles(held);
  return new Set([...keyScopes].filter((scope) => allowed.has(scope as Scope)));
}

/**
 * The roles a person holds, from the roles claim of their identity provider: a list of strings or
 * one string (separated by spaces or commas), unknown names ignored, in the order of `roles`.
 * None known: an empty list, and the sign-in is refused (403).
 */
export function readRolesClaim(claim: unknown): Role[] {
  const names = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  return roles.filter((role) => names.includes(role));
}
