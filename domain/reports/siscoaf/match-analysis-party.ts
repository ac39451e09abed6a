import { isMaskedCpf, maskCpf } from '../../documents/cpf';
import { normalizeName } from '../../names/normalize-name';

/** A party of the analysis as the report's `envolvidos` lists it: its document may be a masked CPF. */
export type AnalysisParty = { document: string | null; name: string };

/**
 * Which party of the analysis a party the officer enters in the occurrence data is
 * (docs/reports.md, "Occurrence data"): the one with the same document; else — the registry
 * publishing partners' CPFs masked (`***456789**`) — the one whose masked CPF shows the same six
 * digits as the officer's full CPF and whose name is the same once normalized (accents, case and
 * punctuation aside). Six digits alone collide across people, so the name is required; two
 * analysis parties that fit are a choice only the officer can make: no match. Returns the index
 * in `parties`, or undefined.
 */
export function matchAnalysisParty(parties: readonly AnalysisParty[], entered: { document: string; name?: string }): number | undefined {
  const exact = parties.findIndex((p) => p.document !== null && p.document === entered.document);
  if (exact >= 0) return exact;
  if (!/^\d{11}$/.test(entered.document) || !entered.name) return undefined;
  const mask = maskCpf(entered.document);
  const name = normalizeName(entered.name);
  const fits = parties.flatMap((p, i) =>
    p.document !== null && isMaskedCpf(p.document) && p.document === mask && normalizeName(p.name) === name ? [i] : [],
  );
  return fits.length === 1 ? fits[0] : undefined;
}
