import { decodeCursor, encodeCursor } from '../../../../domain/webhooks/page-cursor';

describe('page cursor', () => {
  it.each([1, 42, 9_007_199_254])('round-trips id %i', (id) => {
    expect(decodeCursor(encodeCursor(id))).toBe(id);
  });
  it.each(['', 'abc', Buffer.from('v1:-1').toString('base64url'), Buffer.from('v1:0').toString('base64url'), Buffer.from('v2:5').toString('base64url')])('rejects %p', (cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
