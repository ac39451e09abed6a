import type { EntityType } from '../analysis/snapshot';
import { isValidCnpj } from '../documents/cnpj';
import { isMaskedCpf, isValidCpf, maskCpf } from '../documents/cpf';
import { normalizeDocument } from '../documents/parse-document';

/** A Brazilian document as a BODS statement gives it (bods-mapping.ts re-exports it). */
export type BodsDocument = { kind: 'cpf' | 'cpf_masked' | 'cnpj'; value: string; masked: string | null };

/** The BODS field readers behind mapBodsStatement: shares, dates, Brazilian identifiers, names, entity kinds. */
export const bodsPercent = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100) return v.toFixed(6).replace(/\.?0+$/, '') || '0';
  if (typeof v === 'string' && /^\d{1,3}(\.\d+)?$/.test(v) && Number(v) <= 100) return v;
  return null;
};

export const bodsDate = (v: unknown): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

export function brazilianDocument(identifiers: unknown): BodsDocument | null {
  if (!Array.isArray(identifiers)) return null;
  for (const id of identifiers as Record<string, unknown>[]) {
    const scheme = String(id?.scheme ?? '').toUpperCase();
    const value = normalizeDocument(String(id?.id ?? ''));
    if (scheme === 'BR-CNPJ' && isValidCnpj(value)) return { kind: 'cnpj', value, masked: null };
    if (scheme === 'BR-CPF' && isValidCpf(value)) return { kind: 'cpf', value, masked: maskCpf(value) };
    if (scheme === 'BR-CPF' && isMaskedCpf(value)) return { kind: 'cpf_masked', value, masked: value };
  }
  return null;
}

export function personName(details: Record<string, any>): string | null {
  const names: any[] = Array.isArray(details.names) ? details.names : [];
  const chosen = names.find((n) => n?.type === 'legal' || n?.type === 'individual') ?? names[0];
  if (!chosen) return null;
  return chosen.fullName ?? ([chosen.givenName, chosen.familyName].filter(Boolean).join(' ') || null);
}

export function entityKind(details: Record<string, any>, document: BodsDocument | null): EntityType {
  const type = typeof details.entityType === 'string' ? details.entityType : details.entityType?.type;
  if (type === 'state' || type === 'stateBody') return 'government_agency';
  if (type === 'anonymousEntity' || type === 'unknownEntity' || type === 'arrangement') return 'unknown';
  if (document?.kind === 'cnpj') return 'organization';
  const jurisdiction = String(details.jurisdiction?.code ?? details.incorporatedInJurisdiction?.code ?? '').toUpperCase();
  const foreignScheme =
    Array.isArray(details.identifiers) &&
    details.identifiers.some((i: any) => typeof i?.scheme === 'string' && !i.scheme.toUpperCase().startsWith('BR-'));
  return (jurisdiction && jurisdiction !== 'BR') || foreignScheme ? 'foreign_entity' : 'organization';
}
