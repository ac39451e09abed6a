import { z } from 'zod';
import { decodeCursor, encodeCursor, idPosition, queryBinding, toPage } from '../../../../api/edge/pagination';
import { ValidationError } from '../../../../domain/errors';

describe('the one keyset cursor of every list', () => {
  it.each([1, 42, 9_007_199_254])('round-trips the id position %i', (id) => {
    expect(decodeCursor(encodeCursor(id), idPosition)).toBe(id);
  });

  it('round-trips a compound position bound to its query', () => {
    const position = z.strictObject({ s: z.number(), i: z.int().positive() });
    const binding = queryBinding(['ACME', null, 'organization']);
    expect(decodeCursor(encodeCursor({ s: 0.75, i: 9 }, binding), position, binding)).toEqual({ s: 0.75, i: 9 });
  });

  it('is undefined without a cursor', () => {
    expect(decodeCursor(undefined, idPosition)).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['not base64 JSON', 'abc'],
    ['a negative id', encodeCursor(-1)],
    ['a zero id', encodeCursor(0)],
    ['another shape', encodeCursor({ s: 1, i: 2 })],
    ['a cursor of another query', encodeCursor(5, queryBinding(['other']))],
  ])('rejects %s with a 422 on query.cursor', (_name, cursor) => {
    try {
      decodeCursor(cursor, idPosition);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]).toMatchObject({ loc: ['query', 'cursor'], type: 'cursor_invalid' });
    }
  });

  it.each([
    ['a full page with more behind it', [5, 4, 3], 2, [5, 4], 4],
    ['the last page', [2, 1], 2, [2, 1], null],
    ['an empty list', [], 2, [], null],
  ])('pages %s', (_name, rows, limit, items, nextId) => {
    const page = toPage(
      rows as number[],
      limit as number,
      (id) => id,
      (id) => id,
    );
    expect(page.items).toEqual(items);
    expect(page.next_cursor === null ? null : decodeCursor(page.next_cursor, idPosition)).toBe(nextId);
  });
});
