import { textConfirmsPhrase } from '../../regulatory/phrase-stems';
import type { CodeMeaning } from '../../regulatory/siscoaf-code-meanings';
import { involvementMeanings, situationMeanings } from '../../regulatory/siscoaf-code-meanings';

export type CodeTableName = 'TpEnv' | 'CodEnq';
/** One row of an institution's code table, as loaded by `ops regulatory codes import`. */
export type InstitutionCode = { table: CodeTableName; code: string; description: string };

/** A meaning and the number the institution's table gives it; `code` null while unverified. */
export type ResolvedCode = {
  table: CodeTableName;
  key: string;
  meaning: string;
  proposed_code: string | null;
  code: string | null;
  description: string | null;
};

/** Lower case, no accents, single spaces: how a phrase is looked for in a description. */
export function normalizeDescription(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function resolveOne(table: CodeTableName, meaning: CodeMeaning, rows: readonly InstitutionCode[]): ResolvedCode {
  // Word order, accents and inflection do not matter (domain/regulatory/phrase-stems.ts).
  const candidates = rows.filter((r) => r.table === table && meaning.phrases.some((p) => textConfirmsPhrase(r.description, p)));
  // Exactly one row: two rows naming the meaning are a choice only the officer can make.
  const hit = candidates.length === 1 ? candidates[0] : undefined;
  return {
    table,
    key: meaning.key,
    meaning: meaning.meaning,
    proposed_code: meaning.proposed_code,
    code: hit?.code ?? null,
    description: hit?.description ?? null,
  };
}

/** The institution's number for every involvement type and situation (docs/reports.md, "Code tables"). */
export function resolveSiscoafCodes(rows: readonly InstitutionCode[]): { involvement: ResolvedCode[]; situations: ResolvedCode[] } {
  return {
    involvement: involvementMeanings.map((m) => resolveOne('TpEnv', m, rows)),
    situations: situationMeanings.map((m) => resolveOne('CodEnq', m, rows)),
  };
}
