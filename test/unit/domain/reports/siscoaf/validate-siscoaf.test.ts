import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { type SiscoafOccurrence, siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { validateSiscoaf } from '../../../../../domain/reports/siscoaf/validate-siscoaf';
import { reportInput } from '../support/report-input';
import { institutionCodes, occurrenceData } from '../support/siscoaf-input';

const valid = (rows = institutionCodes()) =>
  siscoafOccurrence(buildReportSections(reportInput('coaf_cos')), occurrenceData(), resolveSiscoafCodes(rows));
const check = (change: (o: SiscoafOccurrence) => void) => {
  const o = valid();
  change(o);
  return validateSiscoaf(o).map((i) => [i.loc.join('.'), i.type]);
};

describe('Siscoaf validation before finalize', () => {
  it('accepts the golden occurrence', () => expect(validateSiscoaf(valid())).toEqual([]));

  it.each([
    ['no institution CNPJ', (o: SiscoafOccurrence) => (o.CPFCNPJCom = null), [['OCORRENCIA.CPFCNPJCom', 'siscoaf_required']]],
    [
      'an invalid institution CNPJ',
      (o: SiscoafOccurrence) => (o.CPFCNPJCom = '11222333000180'),
      [['OCORRENCIA.CPFCNPJCom', 'siscoaf_format']],
    ],
    ['an end before the start', (o: SiscoafOccurrence) => (o.DtFim = '20/09/2026'), [['OCORRENCIA.DtFim', 'siscoaf_format']]],
    ['an empty Det', (o: SiscoafOccurrence) => (o.Det = '  '), [['OCORRENCIA.Det', 'siscoaf_required']]],
    ['a Det too long', (o: SiscoafOccurrence) => (o.Det = 'x'.repeat(8001)), [['OCORRENCIA.Det', 'siscoaf_length']]],
    ['an em dash in the Det', (o: SiscoafOccurrence) => (o.Det += ' — fim'), [['OCORRENCIA.Det', 'not_latin1']]],
    ['curly quotes in an agency name', (o: SiscoafOccurrence) => (o.AgNome = '“Central”'), [['OCORRENCIA.AgNome', 'not_latin1']]],
    [
      'a name outside Latin-1',
      (o: SiscoafOccurrence) => (o.ENVOLVIDOS[2].NmEnv = 'Łukasz'),
      [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.2.NmEnv', 'not_latin1']],
    ],
    ['no enquadramento', (o: SiscoafOccurrence) => (o.CodEnq = []), [['OCORRENCIA.ENQUADRAMENTOS.CodEnq', 'siscoaf_required']]],
    [
      'a titular without document',
      (o: SiscoafOccurrence) => (o.ENVOLVIDOS[0].CPFCNPJEnv = null),
      [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.0.CPFCNPJEnv', 'siscoaf_required']],
    ],
    ['another party without document is left out', (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].CPFCNPJEnv = null), []],
    [
      'an invalid party CPF',
      (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].CPFCNPJEnv = '52998224711'),
      [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.1.CPFCNPJEnv', 'siscoaf_format']],
    ],
    [
      'a name too long',
      (o: SiscoafOccurrence) => (o.ENVOLVIDOS[1].NmEnv = 'N'.repeat(151)),
      [['OCORRENCIA.ENVOLVIDOS.ENVOLVIDO.1.NmEnv', 'siscoaf_length']],
    ],
    ['no party at all', (o: SiscoafOccurrence) => (o.ENVOLVIDOS = []), [['OCORRENCIA.ENVOLVIDOS', 'siscoaf_required']]],
  ])('flags %s', (_name, change, expected) => expect(check(change)).toEqual(expected));

  it('names every code the institution has not confirmed', () => {
    const issues = validateSiscoaf(valid(institutionCodes().filter((r) => r.code !== '32' && r.code !== '205')));
    expect(issues.map((i) => [i.loc.join('.'), i.type])).toEqual([
      ['codes.TpEnv.beneficial_owner', 'code_unverified'],
      ['codes.CodEnq.1005', 'code_unverified'],
    ]);
    expect(issues[0].msg).toContain('(proposed 32)');
  });

  it('lists every problem at once', () => {
    expect(check((o) => ((o.CPFCNPJCom = null), (o.Det = ''), (o.CodEnq = [])))).toHaveLength(3);
  });
});
