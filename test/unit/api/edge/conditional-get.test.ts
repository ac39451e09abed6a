import { etagOf, ifNoneMatchMatches } from '../../../../api/edge/conditional-get';

describe('conditional GET: strong ETags of the JSON body, If-None-Match compared weakly', () => {
  const tag = etagOf({ uuid: 'a', status: 'completed' });

  it('gives the same tag for the same body and another for any change', () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(etagOf({ uuid: 'a', status: 'completed' })).toBe(tag);
    expect(etagOf({ uuid: 'a', status: 'failed' })).not.toBe(tag);
  });

  it('tags bytes and text (a rendered document) as sent, without a JSON detour', () => {
    const pdf = Buffer.from('%PDF-1.7 frozen');
    expect(etagOf(pdf)).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(etagOf(pdf.toString('utf8'))).toBe(etagOf(pdf));
    expect(etagOf(Buffer.from('%PDF-1.7 changed'))).not.toBe(etagOf(pdf));
    // Text is hashed as sent, not re-encoded as a JSON string: the same bytes as the object's JSON.
    expect(etagOf('{"a":1}')).toBe(etagOf({ a: 1 }));
    expect(etagOf('abc')).not.toBe(etagOf(JSON.stringify('abc')));
  });

  it.each([
    [undefined, false],
    ['', false],
    ['*', true],
    [tag, true],
    [`W/${tag}`, true],
    [`"other", ${tag}`, true],
    ['"other"', false],
    [tag.slice(0, -2) + '"', false],
  ])('If-None-Match %p → %p', (header, expected) => {
    expect(ifNoneMatchMatches(header, tag)).toBe(expected);
  });
});
