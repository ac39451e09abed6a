/**
 * What the service means by each Siscoaf code it would use, and the number it proposes where
 * the published tables give one (docs/regulatory-manifest.md, "Siscoaf code tables"). The
 * numbers themselves are the institution's data: the compliance officer exports the TpEnv and
 * CodEnq tables from Siscoaf and loads them (`ops regulatory codes import`). A meaning is
 * confirmed when exactly one row of the institution's table says one of its phrases — accents,
 * case, word order and inflection ignored (phrase-stems.ts) —; otherwise it stays unverified and a coaf_cos cannot be finalized. The
 * service never writes a code that the institution's table does not hold.
 */
export type CodeMeaning = { key: string; meaning: string; phrases: string[]; proposed_code: string | null };

/** Involvement types (TpEnv). Proposed numbers are those of Siscoaf's published table (docs/reports.md, "Code tables"). */
export const involvementMeanings: readonly CodeMeaning[] = [
  { key: 'titular', meaning: 'Titular (o cliente analisado)', phrases: ['titular'], proposed_code: '1' },
  {
    key: 'representative',
    meaning: 'Procurador ou representante legal (administrador) do titular',
    phrases: ['representante legal', 'procurador'],
    proposed_code: '7',
  },
  { key: 'beneficial_owner', meaning: 'Beneficiário final do titular', phrases: ['beneficiário final'], proposed_code: '32' },
  {
    key: 'other',
    meaning: 'Outros envolvidos (sócios, pessoas expostas politicamente relacionadas)',
    phrases: ['outros'],
    proposed_code: '8',
  },
];

/**
 * Situations (CodEnq), keyed by the manifest's enquadramento entries (their 1001–1006 are the
 * manifest's identifiers of the Carta Circular 4.001 situations, not Siscoaf numbers): no number
 * is proposed, the institution's table supplies it.
 */
export const situationMeanings: readonly CodeMeaning[] = [
  {
    key: '1001',
    meaning: 'Dados cadastrais do cliente irregulares ou incompatíveis',
    phrases: ['dados cadastrais', 'informações cadastrais'],
    proposed_code: null,
  },
  { key: '1002', meaning: 'Dificuldade de identificar o beneficiário final', phrases: ['beneficiário final'], proposed_code: null },
  {
    key: '1003',
    meaning: 'Indícios de interposição de pessoas',
    phrases: ['interposição de pessoas', 'pessoa interposta'],
    proposed_code: null,
  },
  { key: '1004', meaning: 'Pessoa exposta politicamente envolvida', phrases: ['pessoa exposta politicamente'], proposed_code: null },
  {
    key: '1005',
    meaning: 'Pessoa sancionada ou em processo sancionador',
    phrases: ['sanção', 'sancionada', 'lista restritiva'],
    proposed_code: null,
  },
  {
    key: '1006',
    meaning: 'Informações públicas desabonadoras',
    phrases: ['desabonadora', 'mídia negativa', 'notícia negativa'],
    proposed_code: null,
  },
];
