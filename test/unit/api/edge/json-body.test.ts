import { isJsonContentType, parseJsonBytes } from '../../../../api/edge/json-body';
import { ValidationError } from '../../../../domain/errors';

describe('JSON request bodies: the media type and the bytes', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON', true],
    ['application/json; charset=utf-8', true],
    ['application/json;charset="UTF-8"', true],
    ['application/json; charset=utf8', true],
    ['application/json; foo=bar', true],
    ['application/json; charset=iso-8859-1', false],
    ['application/json; charset=utf-16', false],
    [undefined, false],
    ['', false],
    ['text/plain;charset=UTF-8', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/jsonp', false],
    ['application/merge-patch+json', false],
  ])('%s is JSON: %s', (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected);
  });

  const problem = (bytes: Uint8Array) => {
    try {
      parseJsonBytes(bytes);
      return 'parsed';
    } catch (error) {
      return (error as ValidationError).issues;
    }
  };

  it.each([
    ['a lone continuation byte', [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]],
    ['an invalid start byte (0xff)', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff]), Buffer.from('"}')])],
    ['a surrogate encoded in UTF-8 (CESU)', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])],
    ['an overlong NUL (0xc0 0x80)', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0x80]), Buffer.from('"}')])],
    ['a truncated sequence at the end', Buffer.concat([Buffer.from('{"name":"ok"}'), Buffer.from([0xe2, 0x82])])],
  ])('%s: 422 utf8_invalid, never U+FFFD', (_, bytes) => {
    expect(problem(Uint8Array.from(bytes as number[]))).toEqual([
      { loc: ['body'], msg: 'the body is not valid UTF-8', type: 'utf8_invalid' },
    ]);
  });

  it.each([
    ['valid UTF-8 with accents and an emoji', Buffer.from('{"name":"São Paulo 😀"}'), { name: 'São Paulo 😀' }],
    ['a UTF-8 byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]), { a: 1 }],
    ['an escaped NUL parses (refused later, with its pointer)', Buffer.from('{"a":"\\u0000"}'), { a: '\u0000' }],
    ['whitespace only: no body', Buffer.from(' \n\t'), undefined],
    ['empty: no body', Buffer.alloc(0), undefined],
  ])('%s', (_, bytes, expected) => {
    expect(parseJsonBytes(bytes)).toEqual(expected);
  });

  it('malformed JSON is a 422 json_invalid', () => {
    expect(problem(Buffer.from('{"a":'))).toEqual([{ loc: ['body'], msg: 'malformed JSON', type: 'json_invalid' }]);
  });
});
