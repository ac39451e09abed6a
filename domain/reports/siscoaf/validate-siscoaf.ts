import type { ValidationIssue } from '../../errors';
import { isValidCnpj } from '../../documents/cnpj';
import { isValidCpf } from '../../documents/cpf';
import type { RegulatoryManifest } from '../../regulatory/manifest-types';
import type { SiscoafOccurrence } from './siscoaf-occurrence';

/** Field bounds of the layout as this service writes it (docs/reports.md). */
const siscoafLimits = { detMin: 20, detMax: 8000, nameMax: 150 } as const;

const datePattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const isDocument = (v: string) => (v.length === 11 ? isValidCpf(v) : v.length === 14 && isValidCnpj(v));
const toIso = (v: string) => v.replace(datePattern, '$3-$2-$1');

/**
 * What the Siscoaf layout requires before a coaf_cos may be finalized: every required field,
 * its length and its format. One issue per problem (loc under body.OCORRENCIA), so the officer
 * sees at once everything to fix. Parties without a Brazilian document are left out of the XML
 * (and listed in the report); the titular must have one.
 */
export function validateSiscoaf(o: SiscoafOccurrence, manifest: RegulatoryManifest): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (path: (string | number)[], msg: string, type: string) => issues.push({ loc: ['OCORRENCIA', ...path], msg, type });
  if (!o.CPFCNPJCom) add(['CPFCNPJCom'], 'the reporting institution has no CNPJ: set it with `ops company update --cnpj` (GET /account shows it)', 'siscoaf_required');
  else if (!isValidCnpj(o.CPFCNPJCom)) add(['CPFCNPJCom'], 'the reporting institution CNPJ is not a valid CNPJ', 'siscoaf_format');
  for (const field of ['DtInicio', 'DtFim'] as const) {
    const match = datePattern.exec(o[field]);
    if (!match || Number.isNaN(Date.parse(toIso(o[field])))) add([field], 'must be a date DD/MM/AAAA', 'siscoaf_format');
  }
  if (datePattern.test(o.DtInicio) && datePattern.test(o.DtFim) && toIso(o.DtInicio) > toIso(o.DtFim)) add(['DtFim'], 'must not be before DtInicio', 'siscoaf_format');
  const det = o.Det.trim();
  if (det.length < siscoafLimits.detMin) add(['Det'], `the description of the situation is required (at least ${siscoafLimits.detMin} characters)`, 'siscoaf_required');
  if (o.Det.length > siscoafLimits.detMax) add(['Det'], `at most ${siscoafLimits.detMax} characters (has ${o.Det.length})`, 'siscoaf_length');
  const known = new Set(manifest.coaf.enquadramentos.map((e) => e.code));
  if (o.CodEnq.length === 0) add(['ENQUADRAMENTOS', 'CodEnq'], 'at least one enquadramento is required', 'siscoaf_required');
  o.CodEnq.forEach((code, i) => known.has(code) || add(['ENQUADRAMENTOS', 'CodEnq', i], `unknown enquadramento ${code}`, 'siscoaf_format'));
  const types = new Set(manifest.coaf.envolvimento_types.map((t) => t.code));
  if (o.ENVOLVIDOS.length === 0) add(['ENVOLVIDOS'], 'at least one party is required', 'siscoaf_required');
  o.ENVOLVIDOS.forEach((p, i) => {
    const at = (field: string) => ['ENVOLVIDOS', 'ENVOLVIDO', i, field];
    if (p.CPFCNPJEnv === null) {
      if (p.TpEnv === '1') add(at('CPFCNPJEnv'), 'the titular has no CPF/CNPJ in the analysis', 'siscoaf_required');
    } else if (!isDocument(p.CPFCNPJEnv)) add(at('CPFCNPJEnv'), `"${p.CPFCNPJEnv}" is not a valid CPF or CNPJ`, 'siscoaf_format');
    if (p.NmEnv.trim() === '') add(at('NmEnv'), 'the name is required', 'siscoaf_required');
    if (p.NmEnv.length > siscoafLimits.nameMax) add(at('NmEnv'), `at most ${siscoafLimits.nameMax} characters`, 'siscoaf_length');
    if (!types.has(p.TpEnv)) add(at('TpEnv'), `unknown TpEnv ${p.TpEnv}`, 'siscoaf_format');
  });
  return issues;
}
