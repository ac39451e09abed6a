import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import { parseEstablishment } from '../../../importers/rf/rf-establishment-record';
import { parsePartner } from '../../../importers/rf/rf-partner-record';
import { parseCompany, parseSimples } from '../../../importers/rf/rf-records';
import { parseBrDate, parseDecimalComma, parseRfDate } from '../../../importers/rf/rf-values';
import { splitRfLine } from '../../../importers/rf/split-rf-line';
import { classifyRfFile } from '../../../importers/rf/rf-files';
import { readLines } from '../../../importers/support/read-lines';
import { completeCnpj } from '../../../domain/documents/cnpj';

describe('splitRfLine', () => {
  it.each([
    ['"a";"b";"c"', ['a', 'b', 'c']],
    ['"BAR "DO ZE" LTDA";"x"', ['BAR "DO ZE" LTDA', 'x']],
    ['"SAY ""HI""";""', ['SAY "HI"', '']],
    ['01;Descrição', ['01', 'Descrição']],
    ['"";""', ['', '']],
  ])('%s', (line, expected) => expect(splitRfLine(line)).toEqual(expected));
});

describe('Receita Federal values', () => {
  it.each([
    ['20240131', '2024-01-31'],
    ['0', null],
    ['00000000', null],
    ['', null],
    ['20240231', undefined],
    ['2024013', undefined],
    ['abc', undefined],
  ])('date %s → %s', (value, expected) => expect(parseRfDate(value)).toBe(expected));

  it.each([
    ['31/01/2024', '2024-01-31'],
    ['', null],
    ['Sem informação', null],
    ['31-01-2024', undefined],
  ])('CGU date %s → %s', (value, expected) => expect(parseBrDate(value)).toBe(expected));

  it.each([
    ['150000,50', '150000.50'],
    ['0,00', '0.00'],
    ['1.234.567,8', '1234567.8'],
    ['1000', '1000'],
    ['', null],
    ['12,3,4', undefined],
    ['1e5', undefined],
  ])('decimal comma %s → %s', (value, expected) => expect(parseDecimalComma(value)).toBe(expected));
});

const estab = (cnpj: string, overrides: Record<number, string> = {}) => {
  const fields = [cnpj.slice(0, 8), cnpj.slice(8, 12), cnpj.slice(12), '1', 'FANTASIA', '02', '20200101', '00', '', '', '20190315', '4711302', '6201501,4711302', 'RUA', 'DAS FLORES', '12', '', 'CENTRO', '01001000', 'SP', '7107', '', '', '', '', '', '', '', '', ''];
  for (const [i, v] of Object.entries(overrides)) fields[Number(i)] = v;
  return fields;
};

describe('Receita Federal layouts', () => {
  const alnum = completeCnpj('12ABC3450001');
  it('reads an establishment with an alphanumeric CNPJ', () => {
    const parsed = parseEstablishment(estab(alnum));
    expect(parsed).toMatchObject({ ok: true, value: { cnpj: alnum, root: '12ABC345', isHeadquarters: true, statusCode: '2', statusDate: '2020-01-01', startDate: '2019-03-15', secondaryCnaes: '6201501,4711302', address: 'RUA DAS FLORES, 12, CENTRO' } });
  });

  it.each([
    [estab(alnum).slice(0, 29), 'expected 30 columns'],
    [estab(`${alnum.slice(0, 13)}0`), 'check digits'],
    [estab(alnum, { 3: '3' }), 'identificador_matriz_filial'],
    [estab(alnum, { 10: '2019-03-15' }), 'data_inicio_atividade'],
  ])('rejects a malformed establishment (%#)', (fields, reason) => {
    const parsed = parseEstablishment(fields as string[]);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });

  it('reads companies with a decimal-comma capital and rejects a bad one', () => {
    expect(parseCompany(['12ABC345', 'CAFÉ SÃO JOSÉ LTDA', '2062', '49', '1000,50', '03', ''])).toMatchObject({ ok: true, value: { capitalSocial: '1000.50', normalizedName: 'CAFE SAO JOSE LTDA', sizeCode: '3' } });
    expect(parseCompany(['12ABC345', 'X', '2062', '49', '10.00', '03', '']).ok).toBe(false);
  });

  it.each([
    [['12ABC345', '2', 'JOSÉ DA SILVA', '***982247**', '49', '20190315', '', '***000000**', '', '00', '6'], { kind: '2', document: '***982247**', ageRangeCode: 6, representativeDocument: null }],
    [['12ABC345', '1', 'HOLDING SA', '11222333000181', '22', '0', '', '', '', '', '0'], { kind: '1', document: '11222333000181', entryDate: null }],
    [['12ABC345', '3', 'FOREIGN LLC', '', '37', '20200101', '249', '***111222**', 'MARIA REP', '17', '0'], { kind: '3', document: null, representativeDocument: '***111222**', representativeQualificationCode: '17' }],
  ])('reads partner %#', (fields, expected) => expect(parsePartner(fields)).toMatchObject({ ok: true, value: expected }));

  it.each([
    [['12ABC345', '2', 'JOSÉ', '52998224725', '49', '20190315', '', '', '', '', '6'], 'masked CPF'],
    [['12ABC345', '1', 'X', '11222333000180', '22', '0', '', '', '', '', '0'], 'partner CNPJ invalid'],
    [['12ABC345', '9', 'X', '', '22', '0', '', '', '', '', '0'], 'identificador_socio'],
  ])('rejects partner %#', (fields, reason) => {
    const parsed = parsePartner(fields);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });

  it('reads Simples options and dates', () => {
    expect(parseSimples(['12ABC345', 'S', '20200101', '00000000', 'N', '0', '0'])).toEqual({ ok: true, value: { root: '12ABC345', simples: true, simplesStart: '2020-01-01', simplesEnd: null, mei: false, meiStart: null, meiEnd: null } });
  });

  it.each([
    ['K3241.K03200Y0.D51213.EMPRECSV', 'companies'],
    ['Estabelecimentos0.ESTABELE', 'establishments'],
    ['K3241.K03200Y1.D51213.SOCIOCSV', 'partners'],
    ['F.K03200$W.SIMPLES.CSV.D51213', 'simples'],
    ['F.K03200$Z.D51213.QUALSCSV', 'qualification'],
    ['README.txt', null],
  ])('classifies %s', (name, kind) => expect(classifyRfFile(name)).toBe(kind));
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
