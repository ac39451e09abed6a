import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import { readLineBatches, readLines } from '../../../../importers/support/read-lines';

const collect = async <T>(it: AsyncGenerator<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of it) out.push(item);
  return out;
};

describe('readLineBatches', () => {
  it.each([
    ['one chunk, LF', ['a\nb\nc\n'], ['a', 'b', 'c']],
    ['CRLF stripped', ['a\r\nb\r\n'], ['a', 'b']],
    ['line split across chunks', ['ab', 'c\nd', 'e\n'], ['abc', 'de']],
    ['CR and LF in different chunks', ['a\r', '\nb'], ['a', 'b']],
    ['no final newline', ['a\nb'], ['a', 'b']],
    ['empty lines kept', ['a\n\nb\n'], ['a', '', 'b']],
    ['empty stream', [], []],
  ])('%s', async (_name, chunks, expected) => {
    const batches = await collect(readLineBatches(Readable.from(chunks.map((c) => Buffer.from(c, 'latin1'))), 'latin1'));
    expect(batches.every((b) => b.length > 0)).toBe(true);
    expect(batches.flat()).toEqual(expected);
    expect(await collect(readLines(Readable.from(chunks.map((c) => Buffer.from(c, 'latin1'))), 'latin1'))).toEqual(expected);
  });
});

describe('latin1 decoding', () => {
  it('decodes ISO-8859-1 bytes split across chunks, with CRLF', async () => {
    const bytes = iconv.encode('"CAFÉ SÃO JOSÉ";"AÇÃO"\r\n"ÓTICA"\n', 'latin1');
    const chunks = [bytes.subarray(0, 5), bytes.subarray(5, 17), bytes.subarray(17)];
    const lines: string[] = [];
    for await (const line of readLines(Readable.from(chunks), 'latin1')) lines.push(line);
    expect(lines).toEqual(['"CAFÉ SÃO JOSÉ";"AÇÃO"', '"ÓTICA"']);
  });
});
