import { type NarrativeFacts, normalizeDocumentText, normalizeNameText, SIGNAL_CODE_PATTERN } from './narrative-facts';

// Formatted CPF, formatted (alphanumeric) CNPJ, or a bare run of 11 or 14 digits.
const documentPattern = /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|\b[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}\b|\b\d{14}\b|\b\d{11}\b/g;
// Names are cited between guillemets, as the prompt and the templates write them.
const quotedNamePattern = /«([^»]{1,300})»/g;

/**
 * The citations of a narrative that are not facts of the report: signal codes, documents and
 * «names» absent from the deterministic sections. Empty: the text may be kept. This is what
 * makes a model's output safe to keep — it cannot introduce a party, a document or a signal.
 */
export function findUnsupportedCitations(text: string, facts: NarrativeFacts): string[] {
  const problems: string[] = [];
  for (const code of new Set(text.match(SIGNAL_CODE_PATTERN) ?? [])) {
    if (!facts.codes.has(code)) problems.push(`signal code ${code} is not in the report`);
  }
  for (const document of new Set(text.match(documentPattern) ?? [])) {
    if (!facts.documents.has(normalizeDocumentText(document))) problems.push(`document ${document} is not in the report`);
  }
  for (const match of text.matchAll(quotedNamePattern)) {
    if (!facts.names.has(normalizeNameText(match[1]))) problems.push(`name «${match[1]}» is not in the report`);
  }
  return [...new Set(problems)];
}
