import iconv from 'iconv-lite';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { checkSiscoafLayout, SISCOAF_BATCH_MAX_BYTES } from '../../../../../domain/reports/siscoaf/siscoaf-layout';
import { siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { siscoafBatchXml, siscoafXml } from '../../../../../domain/reports/siscoaf/siscoaf-xml';
import { reportInput } from '../support/report-input';
import { institutionCodes, occurrenceData } from '../support/siscoaf-input';

const occurrence = () =>
  siscoafOccurrence(buildReportSections(reportInput('coaf_cos')), occurrenceData(), resolveSiscoafCodes(institutionCodes()));
const conforming = () => iconv.decode(siscoafXml(occurrence(), { reportUuid: 'r-1', draft: false }), 'latin1');
const latin1 = (text: string) => iconv.encode(text, 'latin1');

/** The golden coaf_cos with complete occurrence data and the institution's tables, held to the layout of docs/reports.md. */
describe('the Siscoaf layout reference', () => {
  it('a finalized golden occurrence conforms: structure, order, encoding and formats', () => {
    expect(checkSiscoafLayout(siscoafXml(occurrence(), { reportUuid: 'r-1', draft: false }))).toEqual([]);
  });

  it('a batch of several occurrences conforms', () => {
    expect(checkSiscoafLayout(siscoafBatchXml([occurrence(), occurrence()], { batchId: 'b', draft: false }))).toEqual([]);
  });

  it.each([
    ['UTF-8 declared', (x: string) => x.replace('ISO-8859-1', 'UTF-8'), /must begin with/, 'latin1'],
    ['UTF-8 bytes', (x: string) => x, /look like UTF-8/, 'utf8'],
    [
      'an attribute on OCORRENCIA',
      (x: string) => x.replace('<OCORRENCIA>', '<OCORRENCIA ID="1">'),
      /OCORRENCIA\[1\]: unexpected attribute ID/,
      'latin1',
    ],
    ['no ID on OCORRENCIAS', (x: string) => x.replace(' ID="r-1"', ''), /missing attribute ID/, 'latin1'],
    [
      'Det before the agency',
      (x: string) => x.replace(/(<AgNum>[\s\S]*?<\/AgUF>)(\s*)(<Det>[\s\S]*?<\/Det>)/, '$3$2$1'),
      /expected AgNum, found Det/,
      'latin1',
    ],
    ['no NumOcorrencia', (x: string) => x.replace(/<NumOcorrencia>.*?<\/NumOcorrencia>/, ''), /expected NumOcorrencia/, 'latin1'],
    ['an S/N flag', (x: string) => x.replace('<PEP>1</PEP>', '<PEP>S</PEP>'), /PEP\[1\]: "S" is not 0 or 1/, 'latin1'],
    ['a ServPub outside 0–4', (x: string) => x.replace('<ServPub>4</ServPub>', '<ServPub>5</ServPub>'), /ServPub\[1\]: "5"/, 'latin1'],
    [
      'an ISO date',
      (x: string) => x.replace('<DtInicio>01/10/2026', '<DtInicio>2026-10-01'),
      /DtInicio\[1\]: "2026-10-01" is not a date DD\/MM\/AAAA/,
      'latin1',
    ],
    ['a value with a dot', (x: string) => x.replace('<VlCred>150000,00', '<VlCred>150000.00'), /VlCred\[1\]/, 'latin1'],
    ['a state that is none', (x: string) => x.replace('<AgUF>SP', '<AgUF>XX'), /AgUF\[1\]/, 'latin1'],
    [
      'an empty ENQUADRAMENTOS',
      (x: string) => x.replace(/<ENQUADRAMENTOS>[\s\S]*?<\/ENQUADRAMENTOS>/, '<ENQUADRAMENTOS/>'),
      /ENQUADRAMENTOS\[1\]: expected CodEnq/,
      'latin1',
    ],
    [
      'an element the layout lacks',
      (x: string) => x.replace('<ENVOLVIDOS>', '<Extra>1</Extra><ENVOLVIDOS>'),
      /expected ENVOLVIDOS, found Extra/,
      'latin1',
    ],
    ['a masked CPF', (x: string) => x.replace('<CPFCNPJEnv>52998224210', '<CPFCNPJEnv>***982242**'), /CPFCNPJEnv\[1\]/, 'latin1'],
  ])('refuses %s', (_name, change, problem, encoding) => {
    const text = change(conforming());
    const bytes = encoding === 'utf8' ? Buffer.from(text, 'utf8') : latin1(text);
    expect(checkSiscoafLayout(bytes).join('\n')).toMatch(problem);
  });

  it('refuses a batch of 1 MB or more and text that is not XML', () => {
    const big = conforming().replace(/<Det>[\s\S]*?<\/Det>/, `<Det>${'x'.repeat(SISCOAF_BATCH_MAX_BYTES)}</Det>`);
    expect(checkSiscoafLayout(latin1(big))[0]).toMatch(/must stay under 1 MB/);
    expect(checkSiscoafLayout(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><LOTE>')).join()).toMatch(
      /not well-formed XML: <LOTE> is never closed/,
    );
    expect(checkSiscoafLayout(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><LOTE><A></B></LOTE>')).join()).toMatch(
      /not well-formed XML: <\/B> closes nothing open/,
    );
  });
});
