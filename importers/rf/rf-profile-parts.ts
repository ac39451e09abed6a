import { companySizes } from '../../domain/entity-store/organization-kind';
import { distinctCodes } from '../../domain/entity-store/subject-profile';
import type { RfEstablishment } from './rf-establishment-record';
import type { RfCompany, RfSimples } from './rf-records';

/**
 * The organization profile (docs/entity-store.md) is assembled from three files: the
 * establishment line, its company (Empresas) and its Simples line. Each part is built here, while
 * the line is parsed, as JSON object members without braces (`"k":v,…`, null members left out,
 * as jsonb_strip_nulls did); SQL only concatenates the latest parts of one CNPJ, adds what needs
 * the whole release (partner count, classification) and casts once to jsonb. Building the same
 * object per row with jsonb_build_object was most of the establishment upsert's cost.
 */

/** Code table descriptions by table and code (rf_codes of the store, overridden by the release's code files). */
export type RfCodeBook = Map<string, Map<string, string>>;

export function setCode(book: RfCodeBook, table: string, code: string, description: string): void {
  let codes = book.get(table);
  if (!codes) book.set(table, (codes = new Map()));
  codes.set(code, description);
}

const describe = (book: RfCodeBook, table: string, code: string | null) => (code === null ? undefined : book.get(table)?.get(code));

function members(entries: [string, unknown][]): string {
  let out = '';
  for (const [key, value] of entries) {
    if (value === null || value === undefined) continue;
    out += `${out ? ',' : ''}"${key}":${JSON.stringify(value)}`;
  }
  return out;
}

export function establishmentProfilePart(e: RfEstablishment, codes: RfCodeBook): string {
  const abroad = e.state === 'EX' || e.cityAbroad !== null;
  return members([
    ['trade_name', e.tradeName],
    ['status_date', e.statusDate],
    ['registration_status_reason_code', e.reasonCode !== null && /^[0-9]+$/.test(e.reasonCode) ? Number(e.reasonCode) : null],
    ['registration_status_reason', describe(codes, 'motivo', e.reasonCode)],
    ['main_cnae_code', e.mainCnae],
    ['main_cnae_description', describe(codes, 'cnae', e.mainCnae)],
    // Receita's field sometimes repeats a code: the profile lists each once, in the file's order.
    ['secondary_cnae_codes', e.secondaryCnaes === null ? [] : distinctCodes(e.secondaryCnaes.split(','))],
    ['incorporation_date', e.startDate],
    ['primary_address', e.address],
    ['city', describe(codes, 'municipio', e.municipalityCode) ?? e.cityAbroad],
    ['state', e.state !== 'EX' ? e.state : null],
    ['postal_code', e.postalCode],
    ['country', abroad ? describe(codes, 'pais', e.countryCode) : 'BRASIL'],
    ['is_headquarters', e.isHeadquarters],
    ['establishment_type', e.isHeadquarters ? 'headquarters' : 'branch'],
    ['special_status', e.specialStatus],
    ['special_status_date', e.specialStatusDate],
    ['cnpj_root', e.root],
  ]);
}

export function companyProfilePart(c: RfCompany, codes: RfCodeBook): string {
  return members([
    ['legal_name', c.legalName],
    ['legal_nature_code', c.legalNatureCode],
    ['legal_nature_description', describe(codes, 'natureza_juridica', c.legalNatureCode)],
    ['company_size', c.sizeCode !== null && Object.hasOwn(companySizes, c.sizeCode) ? companySizes[c.sizeCode] : null],
    ['capital_social', c.capitalSocial],
    ['currency', c.capitalSocial !== null ? 'BRL' : null],
    ['federal_entity_responsible', c.federalEntity],
  ]);
}

export function simplesProfilePart(s: RfSimples): string {
  return members([
    ['simples_nacional_option', s.simples],
    ['simples_nacional_start_date', s.simplesStart],
    ['simples_nacional_end_date', s.simplesEnd],
    ['mei_option', s.mei],
    ['mei_start_date', s.meiStart],
    ['mei_end_date', s.meiEnd],
  ]);
}
