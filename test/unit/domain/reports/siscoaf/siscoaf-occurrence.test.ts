import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { siscoafDate, siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { reportInput } from '../support/report-input';

describe('Siscoaf occurrence', () => {
  it('takes the institution, the period, the Det, the enquadramentos and the parties from the sections', () => {
    const o = siscoafOccurrence(buildReportSections(reportInput('coaf_cos')));
    expect(o).toMatchObject({ CPFCNPJCom: '11222333000181', DtInicio: '21/11/2026', DtFim: '21/11/2026', CodEnq: ['1001', '1004', '1005', '1006'] });
    expect(o.Det).toContain('Comunicação referente a');
    expect(o.ENVOLVIDOS[1]).toEqual({ CPFCNPJEnv: '52998224210', NmEnv: 'Carla Fictitious', TpEnv: '2', PEP: 'S', ServPub: 'N', PObrigada: 'N' });
  });

  it('leaves a masked CPF out, like a missing document', () => {
    const sections: any[] = buildReportSections(reportInput('coaf_cos'));
    sections.find((s) => s.key === 'envolvidos').content.parties[1].document = '***982242**';
    expect(siscoafOccurrence(sections).ENVOLVIDOS[1].CPFCNPJEnv).toBeNull();
  });

  it.each([['2026-01-05', '05/01/2026'], ['1999-12-31', '31/12/1999']])('writes %s as %s', (day, written) => expect(siscoafDate(day)).toBe(written));
});
