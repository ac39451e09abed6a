import {
  batchFileFormatOf,
  checkCsvHeader,
  readCsvLine,
  readNdjsonLine,
  splitCsvLine,
} from '../../../../domain/analysis-batches/batch-file-format';

describe('batch file format', () => {
  it.each([
    ['text/csv', 'csv'],
    ['text/csv; charset=utf-8', 'csv'],
    ['application/x-ndjson', 'ndjson'],
    ['application/json', null],
    [undefined, null],
  ])('media type %s → %s', (type, format) => expect(batchFileFormatOf(type)).toBe(format));

  it.each([
    ['a,b', ['a', 'b']],
    ['"a,b",c', ['a,b', 'c']],
    ['"say ""hi""",', ['say "hi"', '']],
    ['only', ['only']],
    ['"open', null],
  ])('splits the CSV line %s', (line, fields) => expect(splitCsvLine(line)).toEqual(fields));

  it.each([
    ['document,client_reference', null],
    ['\uFEFFDocument, Client_Reference', null],
    ['document', null],
    ['cnpj,ref', 'batch_header_invalid'],
    ['document,client_reference,extra', 'batch_header_invalid'],
  ])('header %s → %s', (line, type) => expect(checkCsvHeader(line)?.type ?? null).toBe(type));

  it.each([
    ['11.222.333/0001-81,customer-1', { subjectKey: '11222333000181', clientReference: 'customer-1', error: null }],
    ['529.982.247-25,', { subjectKey: '52998224725', clientReference: null, error: null }],
    ['11222333000180,x', { subjectKey: null, error: { code: 'invalid_document', message: expect.any(String) } }],
    [',x', { subjectKey: null, document: null, error: { code: 'invalid_row', message: 'the row names no document' } }],
  ])('CSV row %s', (line, expected) => {
    const outcome = readCsvLine(line, 2);
    expect(outcome.kind).toBe('row');
    expect(outcome.kind === 'row' && outcome.row).toMatchObject(expected);
  });

  it.each([
    ['a,b,c', 'batch_line_unreadable'],
    ['"a,b', 'batch_line_unreadable'],
  ])('CSV line %s is a whole-file problem', (line, type) =>
    expect(readCsvLine(line, 7)).toEqual({ kind: 'problem', problem: { line: 7, msg: expect.any(String), type } }),
  );

  it('a blank line is no row', () => expect(readCsvLine('  ', 3)).toEqual({ kind: 'blank' }));

  it.each([
    ['{"document":"11222333000181","client_reference":"c"}', { subjectKey: '11222333000181', clientReference: 'c', error: null }],
    ['{"entity_id":42}', { subjectKey: 'entity:42', entityId: 42, error: null }],
    [
      '{"entity_id":42,"document":"11222333000181"}',
      { error: { code: 'invalid_row', message: 'name either document or entity_id, not both' } },
    ],
    ['{"entity_id":-1}', { error: { code: 'invalid_row', message: 'entity_id must be a positive integer' } }],
    ['{"document":5}', { error: { code: 'invalid_row', message: 'document must be a string' } }],
    ['{"document":"1"}', { error: { code: 'invalid_document', message: expect.any(String) } }],
    ['{"doc":"11222333000181"}', { error: { code: 'invalid_row', message: 'unknown field doc' } }],
    ['{}', { error: { code: 'invalid_row', message: 'the row names no document' } }],
    [
      `{"document":"11222333000181","client_reference":"${'x'.repeat(257)}"}`,
      { error: { code: 'invalid_row', message: 'client_reference is longer than 256 characters' } },
    ],
  ])('NDJSON row %s', (line, expected) => {
    const outcome = readNdjsonLine(line, 1);
    expect(outcome.kind).toBe('row');
    expect(outcome.kind === 'row' && outcome.row).toMatchObject(expected);
  });

  it.each([
    ['{"document":', 'not a JSON value'],
    ['[1]', 'not a JSON object'],
    ['"x"', 'not a JSON object'],
  ])('NDJSON line %s is a whole-file problem', (line, msg) =>
    expect(readNdjsonLine(line, 4)).toEqual({ kind: 'problem', problem: { line: 4, msg, type: 'batch_line_unreadable' } }),
  );
});
