import { formatCnpj } from '../../documents/cnpj';
import { formatCpf } from '../../documents/cpf';

/** Small Portuguese phrasings the templates share. */
export const riskLevelPt: Record<string, string> = { low: 'baixo', medium: 'médio', high: 'alto', critical: 'crítico' };

function formatDocument(document: unknown, type: unknown): string | null {
  if (typeof document !== 'string' || document === '') return null;
  if (type === 'cpf' && /^\d{11}$/.test(document)) return `CPF ${formatCpf(document)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return `CNPJ ${formatCnpj(document)}`;
  return document;
}

/** «Name» (document): how every template cites a party, so the citation check can read it back. */
export function cite(name: unknown, document?: unknown, type?: unknown): string {
  const doc = formatDocument(document, type ?? (typeof document === 'string' && document.length === 11 ? 'cpf' : 'cnpj'));
  return doc ? `«${String(name)}» (${doc})` : `«${String(name)}»`;
}

/** "a", "a e b", "a, b e c". */
export function joinPt(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
