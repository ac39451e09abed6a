import { buildReportingInstitution } from '../../../../../domain/reports/sections/reporting-institution';
import { goldenSnapshot, reportInput } from '../support/report-input';

describe('instituicao_comunicante', () => {
  it.each([
    [{ name: 'Banco Fictício S.A.', cnpj: '11222333000181' }, true],
    [{ name: 'Sem CNPJ Ltda', cnpj: null }, false],
  ])('%j → configured %s', (institution, configured) => {
    expect(buildReportingInstitution(reportInput('coaf_cos', goldenSnapshot(), institution)).content).toEqual({
      ...institution,
      configured,
    });
  });
});
