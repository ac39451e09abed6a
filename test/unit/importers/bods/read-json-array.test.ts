import { readJsonArrayElements } from '../../../../importers/bods/read-json-array';

/** Feeds `text` in chunks of `size` characters, so every boundary position is exercised. */
async function elements(text: string, size: number): Promise<unknown[]> {
  async function* chunks() {
    for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
  }
  const out: unknown[] = [];
  for await (const element of readJsonArrayElements(chunks())) out.push(JSON.parse(element));
  return out;
}

const nested = '\uFEFF [ {"a": [1, {"b": "x,]}"}], "c": "say \\"hi\\" \\\\"}, {"d": {}} ,[1,2], "s", 3, null ]\n';

describe('readJsonArrayElements', () => {
  it.each([
    ['[]', []],
    [' [ ] ', []],
    ['[{"a":1}]', [{ a: 1 }]],
    [nested, [{ a: [1, { b: 'x,]}' }], c: 'say "hi" \\' }, { d: {} }, [1, 2], 's', 3, null]],
  ])('%j', async (text, expected) => {
    for (const size of [1, 2, 3, 7, 1000]) expect(await elements(text, size)).toEqual(expected);
  });

  it.each([
    ['{"a":1}', 'expected a JSON array'],
    ['[{"a":1}', 'unterminated array'],
    ['[{"a":1},]', 'empty array element'],
    ['[1,,2]', 'empty array element'],
    ['[1]}', 'unexpected text after'],
    ['[1}]', 'unbalanced'],
  ])('rejects %j', async (text, message) => {
    for (const size of [1, 4, 1000]) await expect(elements(text, size)).rejects.toThrow(message);
  });
});
