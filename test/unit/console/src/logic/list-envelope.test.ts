import { readListPage } from '../../../../../console/src/logic/list-envelope';

describe('one page of any list', () => {
  it.each([
    ['the envelope of every list', { items: [1, 2], next_cursor: 'c' }, { items: [1, 2], nextCursor: 'c' }],
    ['the webhook lists before it', { data: [3], next_cursor: null }, { items: [3], nextCursor: null }],
    ['an empty cursor is the last page', { items: [], next_cursor: '' }, { items: [], nextCursor: null }],
    ['not a list', 'oops', { items: [], nextCursor: null }],
  ])('%s', (_why, body, page) => {
    expect(readListPage(body)).toEqual(page);
  });
});
