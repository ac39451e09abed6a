import { createBatchFileReader } from '../../../../domain/analysis-batches/batch-file-reader';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the chunks, returns the rows and problems. */
function read(format: 'csv' | 'ndjson', chunks: (string | Uint8Array)[], limits = { maxRows: 100, maxBytes: 10_000 }) {
  const reader = createBatchFileReader(format, limits);
  const rows = chunks.flatMap((c) => reader.push(typeof c === 'string' ? bytes(c) : c));
  rows.push(...reader.end());
  return { rows: rows.map((r) => [r.row, r.subjectKey ?? r.error?.code]), problems: reader.problems().map((p) => [p.line, p.type]) };
}

describe('batch file reader', () => {
  const euro = bytes('€'); // 3 bytes, split across chunks below
  it.each([
    [
      'CSV, rows numbered without the header',
      'csv',
      ['document,client_reference\n11222333000181,a\n1,b\n'],
      [
        [1, '11222333000181'],
        [2, 'invalid_document'],
      ],
      [],
    ],
    [
      'CRLF and no final newline',
      'csv',
      ['document,client_reference\r\n11222333000181,a\r\n52998224725,b'],
      [
        [1, '11222333000181'],
        [2, '52998224725'],
      ],
      [],
    ],
    ['a line split across chunks', 'csv', ['document,client_reference\n1122233', '3000181,a\n'], [[1, '11222333000181']], []],
    [
      'a character split across chunks',
      'csv',
      [bytes('document,client_reference\n11222333000181,'), euro.slice(0, 1), euro.slice(1), '\n'],
      [[1, '11222333000181']],
      [],
    ],
    [
      'blank lines are skipped',
      'ndjson',
      ['{"entity_id":1}\n\n{"entity_id":2}\n'],
      [
        [1, 'entity:1'],
        [2, 'entity:2'],
      ],
      [],
    ],
    ['a wrong header', 'csv', ['cnpj\n11222333000181\n'], [], [[1, 'batch_header_invalid']]],
    ['an empty CSV file', 'csv', [''], [], [[1, 'batch_header_invalid']]],
    ['a header and no rows', 'csv', ['document\n'], [], [[2, 'batch_empty']]],
    ['not UTF-8', 'csv', ['document\n', new Uint8Array([0xff, 0x0a])], [], [[2, 'batch_not_utf8']]],
    [
      'not UTF-8 on a later line of the same chunk',
      'csv',
      [new Uint8Array([...bytes('document\n11222333000181\n'), 0xc3, 0x28, 0x0a])],
      [[1, '11222333000181']],
      [[3, 'batch_not_utf8']],
    ],
    [
      'unreadable lines, named by line; no row kept after the first',
      'ndjson',
      ['{"entity_id":1}\nnope\n{"entity_id":2}\n[]\n'],
      [[1, 'entity:1']],
      [
        [2, 'batch_line_unreadable'],
        [4, 'batch_line_unreadable'],
      ],
    ],
  ] as const)('%s', (_name, format, chunks, rows, problems) => {
    expect(read(format, [...chunks])).toEqual({ rows, problems });
  });

  it('stops at the row limit', () => {
    expect(read('ndjson', ['{"entity_id":1}\n{"entity_id":2}\n{"entity_id":3}\n'], { maxRows: 2, maxBytes: 1000 }).problems).toEqual([
      [3, 'batch_too_many_rows'],
    ]);
  });

  it('stops at the byte limit', () => {
    expect(read('ndjson', ['{"entity_id":1}\n', '{"entity_id":2}\n'], { maxRows: 10, maxBytes: 20 }).problems).toEqual([
      [2, 'batch_too_large'],
    ]);
  });
});
