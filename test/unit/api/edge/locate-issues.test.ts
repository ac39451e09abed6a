import { locateIssues, type RequestFields } from '../../../../api/edge/locate-issues';

const fields: RequestFields = { path: ['uuid', 'key'], query: ['format', 'document'], header: ['Idempotency-Key'] };

describe('locateIssues: a use case names a field, the route says where it travelled', () => {
  it.each([
    ['a path parameter', ['uuid'], ['path', 'uuid']],
    ['another path parameter', ['key'], ['path', 'key']],
    ['a query parameter', ['format'], ['query', 'format']],
    ['a header, by its name in any case', ['idempotency-key'], ['header', 'idempotency-key']],
    ['a header as declared', ['Idempotency-Key'], ['header', 'Idempotency-Key']],
    ['a body field', ['filed_at'], ['body', 'filed_at']],
    ['a nested body field with an index', ['OCORRENCIA', 'ENVOLVIDOS', 0, 'CPFCNPJ'], ['body', 'OCORRENCIA', 'ENVOLVIDOS', 0, 'CPFCNPJ']],
    ['the input as a whole', [], ['body']],
    ['a path that starts with an index', [3, 'name'], ['body', 3, 'name']],
  ])('%s', (_name, loc, expected) => {
    expect(locateIssues([{ loc, msg: 'm', type: 't' }], fields)).toEqual([{ loc: expected, msg: 'm', type: 't' }]);
  });

  it('locates every issue on its own and keeps message and type', () => {
    const issues = [
      { loc: ['uuid'], msg: 'a', type: 'x' },
      { loc: ['filed_at'], msg: 'b', type: 'y' },
    ];
    expect(locateIssues(issues, fields).map((i) => i.loc)).toEqual([
      ['path', 'uuid'],
      ['body', 'filed_at'],
    ]);
    expect(issues[0].loc).toEqual(['uuid']);
  });

  it('a route that reads nothing but a body puts everything in the body', () => {
    expect(locateIssues([{ loc: ['uuid'], msg: 'm', type: 't' }], { path: [], query: [], header: [] })[0].loc).toEqual(['body', 'uuid']);
  });
});
