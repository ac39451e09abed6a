import { z } from 'zod';
import { listedIssues, validateInput } from '../../../../api/edge/validation';
import type { ValidationIssue } from '../../../../domain/errors';

describe('the validation layer: schema, storable text and the 422 list', () => {
  const schema = z.strictObject({ name: z.string().min(1), tags: z.array(z.string()).optional() });

  it.each([
    ['a clean value: parsed, no issue', { name: 'acme' }, { name: 'acme' }, []],
    [
      'NUL in a field the schema accepts: refused at its pointer',
      { name: 'ac\u0000me' },
      undefined,
      [['body', 'name', 'text_not_storable']],
    ],
    ['a lone surrogate in an array item', { name: 'a', tags: ['ok', '\ud800'] }, undefined, [['body', 'tags', 1, 'text_not_storable']]],
    [
      'bad text and schema problems are listed together',
      { name: '', 'x\u0000': 1 },
      undefined,
      [
        ['body', 'x\u0000', 'text_not_storable'],
        ['body', 'name', 'too_small'],
        ['body', 'x\u0000', 'extra_forbidden'],
      ],
    ],
    ['no schema: nothing read, nothing refused', undefined, undefined, []],
  ])('%s', (label, value, parsed, expected) => {
    const issues: ValidationIssue[] = [];
    const result = validateInput(issues, 'body', label.startsWith('no schema') ? undefined : schema, value);
    expect(result).toEqual(parsed);
    expect(issues.map((i) => [...i.loc, i.type])).toEqual(expected);
  });

  it('collects 100,000 schema issues without overflowing the call stack', () => {
    const issues: ValidationIssue[] = [];
    const body = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 0]));
    validateInput(issues, 'body', schema, { name: 'a', ...body });
    expect(issues).toHaveLength(100_000);
  });

  it('cuts a megabyte-long unknown key and an overlong message to a few hundred characters, never inside a surrogate pair', () => {
    const key = 'x'.repeat(127) + '😀'.repeat(500_000);
    const [listed] = listedIssues([{ loc: ['body', key, 0], msg: 'm'.repeat(10_000), type: 'extra_forbidden' }]);
    expect(listed.loc).toEqual(['body', `${'x'.repeat(127)}…`, 0]);
    expect(listed.msg).toBe(`${'m'.repeat(500)}…`);
    expect(listedIssues([{ loc: ['body', 'short'], msg: 'fine', type: 't' }])).toEqual([
      { loc: ['body', 'short'], msg: 'fine', type: 't' },
    ]);
  });

  it('names the location of the first problem left out in the summary item', () => {
    const issues = Array.from({ length: 60 }, (_, i) => ({ loc: [i < 55 ? 'query' : 'body', `k${i}`], msg: 'm', type: 't' }));
    expect(listedIssues(issues)[49]).toEqual({ loc: ['query'], msg: '11 more problems not listed', type: 'too_many_problems' });
  });
});
