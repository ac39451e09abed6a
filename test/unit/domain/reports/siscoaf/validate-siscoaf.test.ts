import { currentRegulatoryManifest } from '../../../../../domain/regulatory/manifest-registry';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { type SiscoafOccurrence, siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { validateSiscoaf } from '../../../../../domain/reports/siscoaf/validate-siscoaf';
import { reportInput } from '../support/report-input';

const valid = () => siscoafOccurrence(buildReportSections(reportInput('coaf_cos')));
const check = (change: (o: SiscoafOccurrence) => void) => {
  const o = valid();
  change(o);
  return validateSiscoaf(o, currentRegulatoryManifest).map((i) => [i.loc.join('.'), i.type]);
};

describe('Siscoaf layout validation', () => {
  it('accepts the golden occurrence', () => expect(validateSiscoaf(valid(), currentRegulatoryManifest)).toEqual([]));

  it.each([
    ['no institution CNPJ', (o: SiscoafOccurrence) => (o.CPFCNPJCom = null), [['OCORRENCIA.CPFCNPJCom', 'siscoaf_required']]],
    ['an invalid institution CNPJ', (o: SiscoafOccurrence) => (o.CPFCNPJCom = '11222333000180'), [['OCORRENCIA.CPFCNPJCom', 'siscoaf_format']]],
    ['a bad date', (o: SiscoafOccurrence) => (o.DtInicio = '2026-11-21'), [['OCORRENCIA.DtInicio', 'siscoaf_format']]],
    ['an end before the start', (o: SiscoafOccurrence) => (o.DtFim = '20/11/2026'), [['OCORRENCIA.DtFim', 'siscoaf_format']]],
    ['an empty Det', (o: SiscoafOccurrence) => (o.Det = '  '), [['OCORRENCIA.Det', 'siscoaf_required']]],
    ['a Det too long', (o: SiscoafOccurrence) => (o.Det = 'x'.repeat(8001)), [['OCORRENCIA.Det', 'siscoaf_length']]],
    ['no enquadramento', (o: SiscoafOccurrence) => (o.CodEnq = []), [['OCORRENCIA.ENQUADRAMENTOS.CodEnq', 'siscoaf_required']]],
    ['an unknown enquadramento', (o: SiscoafOccurrence) => o.CodEnq.push('77'), [['OCORRENCIA.ENQUADRAMENTOS.CodEnq.4', 'siscoaf_format']]],
    ['a titular without document', (o: SiscoafOccurrence) => (o.ENVOLVIDOS[0].CPFCNPJEnv = null), [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.0.CPFCNPJEnv', 'siscoaf_required']]],
    ['another party without document is left out', (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].CPFCNPJEnv = null), []],
    ['an invalid party CPF', (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].CPFCNPJEnv = '52998224711'), [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.1.CPFCNPJEnv', 'siscoaf_format']]],
    ['a name too long', (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].NmEnv = 'N'.repeat(151)), [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.1.NmEnv', 'siscoaf_length']]],
    ['an unknown TpEnv', (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].TpEnv = '9'), [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.1.TpEnv', 'siscoaf_format']]],
    ['no party at all', (o: SiscoafOccurrence) => (o.ENVOLVIDOS = []), [['OCORRENCIA.ENVOLVIDOS', 'siscoaf_required']]],
  ])('flags %s', (_name, change, expected) => expect(check(change)).toEqual(expected));

  it('lists every problem at once', () => {
    expect(check((o) => ((o.CPFCNPJCom = null), (o.Det = ''), (o.CodEnq = [])))).toHaveLength(3);
  });
});
