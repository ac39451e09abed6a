/** Receita Federal file names (plain or inside the published zips) → what they hold. */
export type RfFileKind =
  | 'companies'
  | 'establishments'
  | 'partners'
  | 'simples'
  | 'cnae'
  | 'legal_nature'
  | 'qualification'
  | 'municipality'
  | 'country'
  | 'reason';

const patterns: [RegExp, RfFileKind][] = [
  [/EMPRECSV/i, 'companies'],
  [/ESTABELE/i, 'establishments'],
  [/SOCIOCSV/i, 'partners'],
  [/SIMPLES/i, 'simples'],
  [/CNAECSV/i, 'cnae'],
  [/NATJUCSV/i, 'legal_nature'],
  [/QUALSCSV/i, 'qualification'],
  [/MUNICCSV/i, 'municipality'],
  [/PAISCSV/i, 'country'],
  [/MOTICSV/i, 'reason'],
];

export function classifyRfFile(name: string): RfFileKind | null {
  for (const [pattern, kind] of patterns) if (pattern.test(name)) return kind;
  return null;
}

/** Code tables first (descriptions join into profiles), then companies, simples, establishments, partners. */
export const rfLoadOrder: RfFileKind[] = [
  'cnae',
  'legal_nature',
  'qualification',
  'municipality',
  'country',
  'reason',
  'companies',
  'simples',
  'establishments',
  'partners',
];

export const codeTables: Partial<Record<RfFileKind, string>> = {
  cnae: 'cnae',
  legal_nature: 'natureza_juridica',
  qualification: 'qualificacao',
  municipality: 'municipio',
  country: 'pais',
  reason: 'motivo',
};
