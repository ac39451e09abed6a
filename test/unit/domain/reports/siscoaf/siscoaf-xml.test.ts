import { parseXml as parse } from '../../../../support/parse-xml';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { siscoafXml } from '../../../../../domain/reports/siscoaf/siscoaf-xml';
import { reportInput } from '../support/report-input';


describe('Siscoaf XML', () => {
  const o = siscoafOccurrence(buildReportSections(reportInput('coaf_cos')));

  it('writes LOTE/OCORRENCIAS/OCORRENCIA with every required field, parseable back', () => {
    const doc = parse(siscoafXml(o, { reportUuid: 'r-1', draft: false }));
    const occurrence = doc.LOTE.OCORRENCIAS.OCORRENCIA;
    expect(doc.LOTE.OCORRENCIAS['@ID']).toBe('r-1');
    expect(occurrence).toMatchObject({ CPFCNPJCom: '11222333000181', DtInicio: '21/11/2026', DtFim: '21/11/2026' });
    expect(occurrence.Det).toBe(o.Det);
    expect(occurrence.ENQUADRAMENTOS.CodEnq).toEqual(['1001', '1004', '1005', '1006']);
    expect(occurrence.ENVOLVIDOS.ENVOLVIDO[1]).toEqual({ CPFCNPJEnv: '52998224210', NmEnv: 'Carla Fictitious', TpEnv: '2', PEP: 'S', ServPub: 'N', PObrigada: 'N' });
  });

  it.each([
    ['markup in a name is escaped', 'A & B <Ltda>'],
    ['accents survive', 'Ação Ções Ltda'],
  ])('%s', (_name, name) => {
    const copy = structuredClone(o);
    copy.ENVOLVIDOS[1].NmEnv = name;
    expect(parse(siscoafXml(copy, { reportUuid: 'r', draft: false })).LOTE.OCORRENCIAS.OCORRENCIA.ENVOLVIDOS.ENVOLVIDO[1].NmEnv).toBe(name);
  });

  it('leaves out parties without a document and marks drafts', () => {
    const copy = structuredClone(o);
    copy.ENVOLVIDOS[1].CPFCNPJEnv = null;
    const xml = siscoafXml(copy, { reportUuid: 'r', draft: true });
    expect(xml).toContain('RASCUNHO / DRAFT');
    expect(parse(xml).LOTE.OCORRENCIAS.OCORRENCIA.ENVOLVIDOS.ENVOLVIDO).toHaveLength(o.ENVOLVIDOS.length - 1);
  });
});
