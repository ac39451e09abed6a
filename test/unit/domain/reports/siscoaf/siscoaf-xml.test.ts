import iconv from 'iconv-lite';
import { parseXml as parse } from '../../../../support/parse-xml';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { siscoafBatchXml, siscoafXml } from '../../../../../domain/reports/siscoaf/siscoaf-xml';
import { reportInput } from '../support/report-input';
import { institutionCodes, occurrenceData } from '../support/siscoaf-input';

const o = siscoafOccurrence(buildReportSections(reportInput('coaf_cos')), occurrenceData(), resolveSiscoafCodes(institutionCodes()));
const read = (bytes: Buffer) => parse(iconv.decode(bytes, 'latin1'));

describe('Siscoaf XML', () => {
  it('declares and writes ISO-8859-1', () => {
    const bytes = siscoafXml(o, { reportUuid: 'r-1', draft: false });
    expect(bytes.subarray(0, 44).toString('latin1')).toBe('<?xml version="1.0" encoding="ISO-8859-1"?>\n');
    expect(bytes.includes(Buffer.from([0xe3]))).toBe(true); // "ã" of "São Paulo" as one byte
    expect(bytes.includes(Buffer.from('ã', 'utf8'))).toBe(false);
  });

  it('writes the occurrence in the layout order without attributes', () => {
    const doc = read(siscoafXml(o, { reportUuid: 'r-1', draft: false }));
    const occurrence = doc.LOTE.OCORRENCIAS.OCORRENCIA;
    expect(doc.LOTE.OCORRENCIAS['@ID']).toBe('r-1');
    expect(Object.keys(occurrence)).toEqual([
      'NumOcorrencia',
      'CPFCNPJCom',
      'DtInicio',
      'DtFim',
      'AgNum',
      'AgNome',
      'AgMun',
      'AgUF',
      'Det',
      'VlCred',
      'VlDeb',
      'VlProv',
      'VlProp',
      'ENQUADRAMENTOS',
      'ENVOLVIDOS',
    ]);
    expect(occurrence.ENQUADRAMENTOS.CodEnq).toEqual(['201', '204', '205', '206']);
    expect(occurrence.ENVOLVIDOS.ENVOLVIDO[0]).toEqual({
      CPFCNPJEnv: '12345671000173',
      NmEnv: 'Sanctioned Fictitious SA',
      TpEnv: '1',
      AgNumEnv: '0001',
      AgNomeEnv: 'Agência Central',
      NumConta: '12345-6',
      DtAbConta: '15/03/2024',
      DtAtuaCad: '30/06/2026',
      PObrigada: '0',
      PEP: '0',
      ServPub: '0',
    });
    expect(Object.keys(occurrence.ENVOLVIDOS.ENVOLVIDO[1])).toEqual(['CPFCNPJEnv', 'NmEnv', 'TpEnv', 'PObrigada', 'PEP', 'ServPub']);
  });

  it.each([
    ['markup in a name is escaped', 'A & B <Ltda>'],
    ['accents survive', 'Ação Ções Ltda'],
  ])('%s', (_name, name) => {
    const copy = structuredClone(o);
    copy.ENVOLVIDOS[1].NmEnv = name;
    expect(read(siscoafXml(copy, { reportUuid: 'r', draft: false })).LOTE.OCORRENCIAS.OCORRENCIA.ENVOLVIDOS.ENVOLVIDO[1].NmEnv).toBe(name);
  });

  it('leaves out parties without a document and marks drafts', () => {
    const copy = structuredClone(o);
    copy.ENVOLVIDOS[1].CPFCNPJEnv = null;
    const bytes = siscoafXml(copy, { reportUuid: 'r', draft: true });
    expect(iconv.decode(bytes, 'latin1')).toContain('RASCUNHO / DRAFT: não transmitir');
    expect(read(bytes).LOTE.OCORRENCIAS.OCORRENCIA.ENVOLVIDOS.ENVOLVIDO).toHaveLength(o.ENVOLVIDOS.length - 1);
  });

  it('a draft names the codes the institution has not confirmed', () => {
    const unconfirmed = siscoafOccurrence(buildReportSections(reportInput('coaf_cos')), null, resolveSiscoafCodes([]));
    const text = iconv.decode(siscoafXml(unconfirmed, { reportUuid: 'r', draft: true }), 'latin1');
    expect(text).toContain(
      '<!-- código não confirmado pela tabela TpEnv da instituição: Beneficiário final do titular (proposto 32); carregue-a com ops regulatory codes import -->',
    );
    expect(text).toContain('tabela CodEnq da instituição: Pessoa exposta politicamente envolvida;');
    expect(iconv.decode(siscoafXml(unconfirmed, { reportUuid: 'r', draft: false }), 'latin1')).not.toContain('não confirmado');
  });

  it('a batch holds one OCORRENCIA per report under one LOTE', () => {
    const second = { ...structuredClone(o), NumOcorrencia: 'OC-2' };
    const doc = read(siscoafBatchXml([o, second], { batchId: 'lote-1', draft: false }));
    expect(doc.LOTE.OCORRENCIAS['@ID']).toBe('lote-1');
    expect(doc.LOTE.OCORRENCIAS.OCORRENCIA.map((x: any) => x.NumOcorrencia)).toEqual(['OC-2026/0042', 'OC-2']);
  });
});
