import { ValidationError } from '../../../../../domain/errors';
import { parseCodeTableCsv } from '../../../../../domain/reports/siscoaf/code-table-csv';
import { exampleCodesCsv } from '../../../../../support/siscoaf-example';

const problems = (csv: string) => {
  try {
    parseCodeTableCsv(csv);
    return [];
  } catch (error) {
    return (error as ValidationError).issues.map((i) => [i.loc.join('.'), i.type]);
  }
};

describe('the code-table CSV', () => {
  it('reads the example institution table', () => {
    const rows = parseCodeTableCsv(exampleCodesCsv());
    expect(rows).toHaveLength(10);
    expect(rows[3]).toEqual({ table: 'TpEnv', code: '32', description: 'Beneficiário final' });
  });

  it.each([
    [
      'a quoted description with a comma and quotes',
      'table,code,description\r\nCodEnq,5,"Saques, depósitos ""fracionados"""',
      [{ table: 'CodEnq', code: '5', description: 'Saques, depósitos "fracionados"' }],
    ],
    [
      'an unquoted description with commas',
      '\uFEFFtable,code,description\nTpEnv,8,Outros, inclusive sócios\n\n',
      [{ table: 'TpEnv', code: '8', description: 'Outros, inclusive sócios' }],
    ],
  ])('reads %s', (_name, csv, rows) => expect(parseCodeTableCsv(csv)).toEqual(rows));

  it.each([
    ['a wrong header', 'tabela,codigo,descricao\nTpEnv,1,Titular', [['file.line.1', 'csv_header']]],
    ['an unknown table', 'table,code,description\nTpX,1,Titular', [['file.line.2', 'csv_value']]],
    ['a code that is not digits', 'table,code,description\nTpEnv,A1,Titular', [['file.line.2', 'csv_value']]],
    ['no description', 'table,code,description\nTpEnv,1,', [['file.line.2', 'csv_value']]],
    ['a code twice', 'table,code,description\nTpEnv,1,Titular\nTpEnv,1,Outro', [['file.line.3', 'csv_duplicate']]],
    ['the same code in both tables is fine', 'table,code,description\nTpEnv,1,Titular\nCodEnq,1,Outro', []],
    ['no row', 'table,code,description\n', [['file', 'csv_empty']]],
  ])('%s', (_name, csv, expected) => expect(problems(csv)).toEqual(expected));
});
