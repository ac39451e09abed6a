import { isRole, readRolesClaim, roles, scopesOfPersonalKey, scopesOfRoles, type Role } from '../../../domain/roles';
import { scopes, type Scope } from '../../../domain/tenancy';

const writes = scopes.filter((scope) => !scope.endsWith(':read'));

describe('scopesOfRoles: the powers of each role, as the scopes of a key', () => {
  it.each<[string, Role[], Scope[], Scope[]]>([
    [
      'an analyst runs analyses and works cases',
      ['analyst'],
      ['analyses:write', 'adverse_media:write', 'cases:write', 'cases:read', 'monitors:write'],
      ['reports:write', 'cases:approve', 'audit:read', 'webhooks:write'],
    ],
    [
      'an officer approves and finalizes reports',
      ['officer'],
      ['reports:write', 'cases:approve', 'cases:write', 'analyses:write'],
      ['audit:read', 'webhooks:write', 'workflows:write'],
    ],
    [
      'an auditor reads, the audit trail included',
      ['auditor'],
      ['analyses:read', 'reports:read', 'cases:read', 'audit:read', 'webhooks:read'],
      writes,
    ],
    [
      'an admin runs endpoints and workflows',
      ['admin'],
      ['webhooks:write', 'webhooks:retry', 'workflows:write', 'analyses:read'],
      ['analyses:write', 'reports:write', 'cases:write', 'audit:read'],
    ],
    ['two roles hold both powers', ['analyst', 'auditor'], ['analyses:write', 'audit:read'], ['reports:write']],
    ['no role holds nothing', [], [], [...scopes]],
  ])('%s', (_case, held, granted, refused) => {
    const powers = scopesOfRoles(held);
    for (const scope of granted) expect([scope, powers.has(scope)]).toEqual([scope, true]);
    for (const scope of refused) expect([scope, powers.has(scope)]).toEqual([scope, false]);
  });

  it('an auditor holds every read scope and no write', () => {
    expect([...scopesOfRoles(['auditor'])].sort()).toEqual(scopes.filter((scope) => scope.endsWith(':read')).sort());
  });

  it('every scope a role grants is a known scope', () => {
    for (const role of roles) for (const scope of scopesOfRoles([role])) expect(scopes).toContain(scope);
  });
});

describe('scopesOfPersonalKey: a key acts as its person, never more', () => {
  it.each<[string, string[], Role[], string[]]>([
    ["an officer's key keeps the approval it was given", ['cases:read', 'cases:approve'], ['officer'], ['cases:approve', 'cases:read']],
    ["an analyst's key loses the approval their role does not hold", ['cases:read', 'cases:approve'], ['analyst'], ['cases:read']],
    ['a key gains nothing it was not given', ['cases:read'], ['officer'], ['cases:read']],
    ['a person with no role left: nothing', ['cases:read', 'analyses:read'], [], []],
    ["an auditor's key reads the trail, writes nothing", ['audit:read', 'cases:write'], ['auditor'], ['audit:read']],
  ])('%s', (_case, keyScopes, held, expected) => {
    expect([...scopesOfPersonalKey(new Set(keyScopes), held)].sort()).toEqual(expected);
  });
});

describe('readRolesClaim: the roles of the identity provider claim', () => {
  it.each<[string, unknown, Role[]]>([
    ['a list', ['auditor', 'analyst'], ['analyst', 'auditor']],
    ['one string', 'officer', ['officer']],
    ['a spaced string', 'admin analyst', ['analyst', 'admin']],
    ['a comma string', 'admin,officer', ['officer', 'admin']],
    ['unknown names are ignored', ['root', 'analyst', 'ANALYST'], ['analyst']],
    ['no known role', ['root'], []],
    ['no claim', undefined, []],
    ['a number', 7, []],
    ['a list of non-strings', [1, null, {}], []],
  ])('%s', (_case, claim, expected) => {
    expect(readRolesClaim(claim)).toEqual(expected);
  });
});

describe('isRole', () => {
  it.each<[unknown, boolean]>([
    ['analyst', true],
    ['officer', true],
    ['auditor', true],
    ['admin', true],
    ['Admin', false],
    ['', false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});
