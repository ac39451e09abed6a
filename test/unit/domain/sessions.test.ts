import {
  csrfTokenOf,
  generateSessionToken,
  hashToken,
  isSafeMethod,
  isSessionCsrfToken,
  isWellFormedSessionToken,
  safeReturnPath,
} from '../../../domain/sessions';

describe('session tokens', () => {
  it('are well formed, random and never equal to their hash', () => {
    const [a, b] = [generateSessionToken(), generateSessionToken()];
    expect(isWellFormedSessionToken(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });

  it.each([
    ['', false],
    ['ers_short', false],
    [`erk_${'a'.repeat(43)}`, false],
    [`ers_${'a'.repeat(43)}`, true],
    [`ers_${'a'.repeat(42)}!`, false],
    [`ers_${'a'.repeat(44)}`, false],
  ])('%j well formed: %s', (value, expected) => {
    expect(isWellFormedSessionToken(value)).toBe(expected);
  });
});

describe('CSRF tokens', () => {
  const token = `ers_${'k'.repeat(43)}`;
  const csrf = csrfTokenOf(token);
  it('are derived from the session token: stable, and another session has another', () => {
    expect(csrfTokenOf(token)).toBe(csrf);
    expect(csrfTokenOf(`ers_${'j'.repeat(43)}`)).not.toBe(csrf);
    expect(csrf).not.toContain(token);
  });
  it.each<[string, string | undefined, boolean]>([
    ['the session token', csrf, true],
    ['none', undefined, false],
    ['empty', '', false],
    ['another', csrfTokenOf(`ers_${'j'.repeat(43)}`), false],
    ['the session token itself', token, false],
  ])('%s is accepted: %s', (_case, presented, expected) => {
    expect(isSessionCsrfToken(presented, hashToken(csrf))).toBe(expected);
  });
});

describe('isSafeMethod', () => {
  it.each([
    ['GET', true],
    ['head', true],
    ['OPTIONS', true],
    ['POST', false],
    ['PATCH', false],
    ['PUT', false],
    ['DELETE', false],
  ])('%s → %s', (method, expected) => {
    expect(isSafeMethod(method)).toBe(expected);
  });
});

describe('safeReturnPath: back to the console, never elsewhere', () => {
  it.each<[unknown, string]>([
    ['/console/analyses/1', '/console/analyses/1'],
    ['/console', '/console'],
    [undefined, '/console/'],
    ['https://evil.example/console', '/console/'],
    ['//evil.example/console', '/console/'],
    ['/docs', '/console/'],
    ['/console/\r\nSet-Cookie: x', '/console/'],
    ['/console\\..\\x', '/console/'],
    [['/console/a'], '/console/'],
  ])('%j → %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});
