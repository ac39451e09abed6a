import type { ValidationIssue } from '../../errors';
import { isValidCnpj } from '../../documents/cnpj';
import { isValidCpf } from '../../documents/cpf';
import { latin1Issues } from './latin1';
import type { SiscoafOccurrence } from './siscoaf-occurrence';

/** Field bounds of the layout as this service writes it (docs/reports.md). */
const siscoafLimits = { detMin: 20, detMax: 8000, nameMax: 150 } as const;

const datePattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const isDocument = (v: string) => (v.length === 11 ? isValidCpf(v) : v.length === 14 && isValidCnpj(v));
const toIso = (v: string) => v.replace(datePattern, '$3-$2-$1');

/**
 * What the Siscoaf layout requires of the sections before a coaf_cos may be finalized: the
 * institution, the Det, the parties' documents and names, every code confirmed by the
 * institution's tables, and every text in ISO-8859-1 (at its place, naming the character).
 * One issue per problem (loc under OCORRENCIA, or codes.<table>.<meaning>), so the officer
 * sees at once everything to fix; the occurrence data's gaps are listed by
 * missingOccurrenceData and the written bytes are held to the layout by checkSiscoafLayout.
 */
export function validateSiscoaf(o: SiscoafOccurrence): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (path: (string | number)[], msg: string, type: string) => issues.push({ loc: ['OCORRENCIA', ...path], msg, type });
  if (!o.CPFCNPJCom)
    add(
      ['CPFCNPJCom'],
      'the reporting institution has no CNPJ: set it with `ops company update --cnpj` (GET /account shows it)',
      'siscoaf_required',
    );
  else if (!isValidCnpj(o.CPFCNPJCom)) add(['CPFCNPJCom'], 'the reporting institution CNPJ is not a valid CNPJ', 'siscoaf_format');
  if (o.DtInicio && o.DtFim && datePattern.test(o.DtInicio) && datePattern.test(o.DtFim) && toIso(o.DtInicio) > toIso(o.DtFim))
    add(['DtFim'], 'must not be before DtInicio', 'siscoaf_format');
  const det = o.Det.trim();
  if (det.length < siscoafLimits.detMin)
    add(['Det'], `the description of the situation is required (at least ${siscoafLimits.detMin} characters)`, 'siscoaf_required');
  if (o.Det.length > siscoafLimits.detMax)
    add(['Det'], `at most ${siscoafLimits.detMax} characters (has ${o.Det.length})`, 'siscoaf_length');
  if (o.CodEnq.length === 0 && !o.unverified.some((u) => u.table === 'CodEnq'))
    add(['ENQUADRAMENTOS', 'CodEnq'], 'at least one enquadramento is required', 'siscoaf_required');
  if (o.ENVOLVIDOS.length === 0) add(['ENVOLVIDOS'], 'at least one party is required', 'siscoaf_required');
  o.ENVOLVIDOS.forEach((p, i) => {
    const at = (field: string) => ['ENVOLVIDOS', 'ENVOLVIDO', i, field];
    if (p.CPFCNPJEnv === null) {
      if (p.involvement === 'titular') add(at('CPFCNPJEnv'), 'the titular has no CPF/CNPJ in the analysis', 'siscoaf_required');
    } else if (!isDocument(p.CPFCNPJEnv)) add(at('CPFCNPJEnv'), `"${p.CPFCNPJEnv}" is not a valid CPF or CNPJ`, 'siscoaf_format');
    if (p.NmEnv.trim() === '') add(at('NmEnv'), 'the name is required', 'siscoaf_required');
    if (p.NmEnv.length > siscoafLimits.nameMax) add(at('NmEnv'), `at most ${siscoafLimits.nameMax} characters`, 'siscoaf_length');
  });
  for (const u of o.unverified) {
    const proposed = u.proposed_code ? ` (proposed ${u.proposed_code})` : '';
    issues.push({
      loc: ['codes', u.table, u.key],
      msg: `no code of the institution's ${u.table} table confirms "${u.meaning}"${proposed}: load the table exported from Siscoaf with \`ops regulatory codes import\``,
      type: 'code_unverified',
    });
  }
  const { unverified: _unverified, ENVOLVIDOS, ...fields } = o;
  issues.push(...latin1Issues(fields, ['OCORRENCIA']));
  ENVOLVIDOS.forEach((p, i) =>
    issues.push(
      ...latin1Issues({ NmEnv: p.NmEnv, AgNomeEnv: p.AgNomeEnv, NumConta: p.NumConta }, ['OCORRENCIA', 'ENVOLVIDOS', 'ENVOLVIDO', i]),
    ),
  );
  return issues;
}
