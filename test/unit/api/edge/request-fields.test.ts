import { cursorParameter, date, instant, integerParameter, JSON_SCHEMA_KEY, text } from '../../../../api/edge/request-fields';

const EMOJI = '\u{1F600}';
const documented = (schema: { meta: () => unknown }) => (schema.meta() as Record<string, unknown>)[JSON_SCHEMA_KEY];

describe('request fields validated as their reference states them', () => {
  it.each([
    ['128 code points of an astral character (256 UTF-16 units)', text({ max: 128 }), EMOJI.repeat(128), true],
    ['129 code points', text({ max: 128 }), EMOJI.repeat(129), false],
    ['spaces only, trimmed, at least 1', text({ max: 128, min: 1, trim: true }), '   ', false],
    ['a no-break space only, trimmed', text({ max: 128, min: 1, trim: true }), '\u00a0', false],
    ['3 characters besides spaces', text({ max: 2000, min: 3, trim: true }), ' a b ', true],
    ['2 characters besides spaces', text({ max: 2000, min: 3, trim: true }), '  ab  ', false],
    ['the maximum counted before trimming', text({ max: 3, min: 1, trim: true }), 'a   ', false],
    ['an integer as its digits', integerParameter({ min: 1, max: 200 }), '200', true],
    ['past the maximum', integerParameter({ min: 1, max: 200 }), '201', false],
    ['below the minimum', integerParameter({ min: 1, max: 200 }), '0', false],
    ['a leading zero', integerParameter({ min: 1, max: 200 }), '05', false],
    ['an exponent', integerParameter({ min: 1, max: 200 }), '1e2', false],
    ['2^53 − 1', integerParameter({ min: 1 }), '9007199254740991', true],
    ['2^53', integerParameter({ min: 1 }), '9007199254740992', false],
    ['an instant with seconds and Z', instant(), '2026-11-22T10:00:00Z', true],
    ['an instant with a fraction and an offset', instant(), '2024-02-29T23:59:59.123456-03:00', true],
    ['an instant without seconds', instant(), '2026-11-22T10:00Z', false],
    ['an instant with Arabic-Indic digits', instant(), '\u0662026-11-22T10:00:00Z', false],
    ['a 29 February outside a leap year', date(), '2026-02-29', false],
    ['a base64url cursor', cursorParameter(16), 'eyJwIjoxfQ', true],
    ['a cursor with another alphabet', cursorParameter(16), 'eyJwIjoxfQ==', false],
  ])('%s', (_name, schema, value, accepted) => {
    expect((schema as any).safeParse(value).success).toBe(accepted);
  });

  it('states each bound as JSON Schema does (code points, ECMA and Python patterns)', () => {
    expect(documented(text({ max: 128 }))).toEqual({ type: 'string', maxLength: 128 });
    expect(documented(text({ max: 2000, min: 3, trim: true }))).toMatchObject({
      type: 'string',
      maxLength: 2000,
      minLength: 3,
      pattern: expect.stringContaining('{1,}'),
    });
    expect(documented(integerParameter({ min: 1, max: 200 }))).toEqual({ type: 'integer', minimum: 1, maximum: 200 });
    expect(documented(instant())).toMatchObject({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(documented(instant()))).not.toMatch(/\\\\d/);
  });
});
