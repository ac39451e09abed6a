import type { z } from 'zod';

/** The fields of a zod object schema (a refined or described one too); none without a schema. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  return ((schema as any).shape ?? (schema as any)._zod?.def?.shape ?? {}) as Record<string, z.ZodType>;
}

type Json = Record<string, any>;

/** Every constraint keyword of a documented schema, through anyOf / oneOf / allOf. */
function constraintsOf(schema: Json | undefined, found: Json[] = []): Json[] {
  if (!schema || typeof schema !== 'object') return found;
  found.push(schema);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of schema[key] ?? []) constraintsOf(branch, found);
  return found;
}

const EMOJI = '\u{1F600}';

/** Strings that sit on the edges validators disagree about: lengths, digits, dates, URLs, ids, whitespace. */
const commonStrings = [
  '',
  ' ',
  'a',
  'ab',
  ' a ',
  '\t',
  '\u00a0x\u00a0',
  '\u3000',
  'x\ny',
  '\u0000',
  '\ud800',
  EMOJI,
  `${EMOJI}${EMOJI}`,
  '\u0662\u0660',
  'Ａ',
  '0',
  '1',
  '01',
  '-1',
  '+1',
  '1.5',
  '1e2',
  '0x10',
  ' 5',
  '5 ',
  'abc',
  'null',
  'true',
  '20',
  '21',
  '50',
  '100',
  '101',
  '200',
  '201',
  '9007199254740991',
  '9007199254740992',
  '99999999999999999',
  '7d3e2f1a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  '7D3E2F1A-5B6C-4D7E-8F90-A1B2C3D4E5F6',
  '7d3e2f1a-5b6c-0d7e-8f90-a1b2c3d4e5f6',
  '00000000-0000-0000-0000-000000000000',
  '7d3e2f1a5b6c4d7e8f90a1b2c3d4e5f6',
  '2026-11-22T10:00:00Z',
  '2026-11-22T10:00:00.123+03:00',
  '2026-11-22T10:00Z',
  '2026-11-22t10:00:00z',
  '2026-11-22 10:00:00Z',
  '2024-02-29T00:00:00Z',
  '2026-02-29T00:00:00Z',
  '2026-11-22T24:00:00Z',
  '2026-11-22T10:00:60Z',
  '2026-11-22',
  '2024-02-29',
  '2026-02-29',
  '2026-13-01',
  '\u0662\u0660\u0662\u0666-11-22',
  'http://a',
  'http://127.0.0.1:9/hook',
  'https://hooks.example.com/x?y=1',
  'http://a.1',
  'http://1.2.3.4',
  'http://1.2.3.256',
  'http://u:p@x.com/',
  'http://x.com/#f',
  'http://x.com:65535/',
  'http://x.com:65536/',
  'http://x.com:0/',
  'ftp://x.com',
  ' http://x.com',
  'http://x .com',
  'http://[::1]/',
  'http://x.com/a b',
  'HTTP://X.COM',
  'http://-x.com',
  'http://x-.com',
  'analysis-7d3e2f1a',
  'a/b',
  'det',
  'DET',
  'current',
  '2026.11.1',
  'erk_x',
  '11.222.333/0001-81',
  '11222333000181',
  '11222333000182',
  '***456789**',
  'Jos\u00e9 da Silva',
];

/**
 * The values a documented field is probed with: the common edge strings, the field's own enum
 * members (and near misses), strings at and past its lengths (in ASCII and in astral code points,
 * where zod's UTF-16 count and JSON Schema's code points part), integers at and past its bounds;
 * for a JSON body, non-strings too.
 */
export function probeValues(documented: Json, wire: 'string' | 'json', resolve: (schema: Json) => Json = (s) => s): unknown[] {
  const values: unknown[] = [...commonStrings];
  for (const raw of constraintsOf(documented)) {
    const c = resolve(raw);
    for (const nested of c === raw ? [] : constraintsOf(c)) values.push(...probeValues(nested, wire));
    for (const member of c.enum ?? (c.const !== undefined ? [c.const] : []))
      values.push(member, `${member}x`, String(member).toUpperCase());
    for (const n of [c.maxLength, c.minLength].filter((n) => typeof n === 'number')) {
      for (const length of [n - 1, n, n + 1].filter((l) => l >= 0))
        values.push('x'.repeat(length), EMOJI.repeat(length), ' '.repeat(length), `http://x.com/${'p'.repeat(Math.max(0, length - 13))}`);
    }
    for (const n of [c.minimum, c.maximum, c.exclusiveMinimum].filter((n) => typeof n === 'number')) {
      for (const value of [n - 1, n, n + 1]) values.push(String(value), ...(wire === 'json' ? [value] : []));
    }
  }
  if (wire === 'json') values.push(0, 1, -1, 1.5, 2 ** 53, null, true, false, [], {}, ['webhook.test'], ['ownership'], []);
  return [...new Set(values)];
}
