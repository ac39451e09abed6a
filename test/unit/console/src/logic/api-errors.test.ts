import { classifyFailure, describeBody } from '../../../../../console/src/logic/api-errors';

describe('what an API failure means to the analyst', () => {
  it.each([
    [0, 'fetch failed', 'network'],
    [401, { detail: 'invalid_api_key' }, 'unauthorized'],
    [403, { detail: 'insufficient_scope' }, 'forbidden'],
    [404, { detail: 'analysis not found' }, 'not_found'],
    [404, { detail: 'not found' }, 'not_available'],
    [405, { detail: 'method not allowed' }, 'not_available'],
    [409, { detail: 'event is not failed' }, 'conflict'],
    [422, { detail: [{ loc: ['body', 'document'], msg: 'invalid CNPJ', type: 'custom' }] }, 'invalid'],
    [413, { detail: 'request body too large' }, 'invalid'],
    [429, { detail: 'quota_exceeded' }, 'quota'],
    [502, { detail: 'temporal is temporarily unavailable' }, 'unavailable'],
    [500, { detail: 'internal error' }, 'server'],
  ])('%i %j is %s', (status, body, kind) => {
    expect(classifyFailure(status, body).kind).toBe(kind);
  });

  it('writes the api detail in words, validation problems included', () => {
    expect(
      describeBody({
        detail: [
          { loc: ['body', 'entity_id'], msg: 'must be positive' },
          { loc: [], msg: 'exactly one' },
        ],
      }),
    ).toBe('body.entity_id: must be positive; : exactly one');
    expect(describeBody('Bad gateway')).toBe('Bad gateway');
    expect(describeBody(undefined)).toBe('');
  });
});
