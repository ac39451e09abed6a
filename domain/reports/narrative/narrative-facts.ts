import type { SectionOf } from '../report-types';

/**
 * What a narrative may cite: the signal codes, names and documents found anywhere in the
 * deterministic sections. The embedded writer draws only on them; a model's output is checked
 * against them (check-citations.ts).
 */
export type NarrativeFacts = { codes: Set<string>; names: Set<string>; documents: Set<string> };

export const SIGNAL_CODE_PATTERN = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
const nameFields = new Set(['name', 'legal_name', 'matched_name', 'organization', 'chain']);

/** Documents compare on their letters and digits only (12.345.678/0001-95 = 12345678000195). */
export function normalizeDocumentText(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

export function normalizeNameText(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleUpperCase('pt-BR');
}

export function collectNarrativeFacts(sections: readonly SectionOf<'deterministic'>[]): NarrativeFacts {
  const facts: NarrativeFacts = { codes: new Set(), names: new Set(), documents: new Set() };
  const visit = (value: unknown, field: string): void => {
    if (typeof value === 'string') {
      for (const code of value.match(SIGNAL_CODE_PATTERN) ?? []) facts.codes.add(code);
      if (nameFields.has(field)) facts.names.add(normalizeNameText(value));
      if (field === 'document') facts.documents.add(normalizeDocumentText(value));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, field);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, key);
    }
  };
  for (const section of sections) {
    visit(section.content, '');
    for (const code of section.provenance.signal_codes) facts.codes.add(code);
  }
  return facts;
}
