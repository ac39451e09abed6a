/**
 * The word lists of the watchlist name matcher, lower case and accent-free (as normalize-name.ts
 * leaves a word). They are data versioned with the matcher (matcher-version.ts): changing a list
 * changes scores, so it bumps the version recorded beside every result. Legal forms are not a
 * hand list: they come from OpenSanctions' org types (legal-forms.ts).
 */

/**
 * Words that describe a business rather than name it. Beside a distinctive word they weigh little;
 * a name of nothing else ("GLOBAL TRADING CORP") names its company only by all of its words
 * (compare-names.ts).
 */
export const genericOrganizationWords: ReadonlySet<string> = new Set([
  'global', 'international', 'intl', 'trading', 'trade', 'traders', 'import', 'export', 'imports', 'exports', 'general', 'group',
  'holding', 'holdings', 'industries', 'industry', 'industrial', 'services', 'service', 'solutions', 'technologies',
  'technology', 'tech', 'enterprises', 'enterprise', 'investments', 'investment', 'capital', 'partners', 'associates',
  'logistics', 'shipping', 'transport', 'marine', 'maritime', 'petroleum', 'oil', 'gas', 'energy', 'construction',
  'engineering', 'consulting', 'management', 'development', 'resources', 'products', 'finance', 'financial',
  'exchange', 'bank', 'agency', 'foundation', 'charity', 'charitable', 'society', 'association', 'organization',
  'organisation', 'institute', 'center', 'centre', 'office', 'network', 'systems', 'world', 'worldwide', 'united',
  'national', 'new', 'first', 'north', 'south', 'east', 'west', 'middle', 'central', 'gulf', 'asia', 'europe', 'africa',
  'american', 'commercial', 'commerce', 'business', 'ventures', 'venture', 'brothers', 'sons', 'family', 'real', 'estate',
  'comercio', 'comercial', 'servicos', 'industria', 'participacoes', 'empreendimentos', 'importacao', 'exportacao',
  'grupo', 'empresa', 'investimentos', 'brasil', 'nacional', 'internacional', 'consultoria', 'engenharia', 'transportes',
  'distribuidora', 'tecnologia', 'sociedade', 'associacao', 'fundacao', 'instituto',
]);

/** Joining words and name particles: ignored when aligning (but "abd al" is glued first). */
export const nameParticles: ReadonlySet<string> = new Set([
  'al', 'el', 'ul', 'ad', 'ar', 'as', 'at', 'az', 'an', 'ash', 'ud', 'ur', 'us', 'ut', 'uz', 'un', 'ush', 'bin', 'ibn', 'bint', 'binti', 'ben', 'ould', 'walad',
  'de', 'da', 'do', 'das', 'dos', 'del', 'della', 'di', 'du', 'des', 'la', 'le', 'van', 'von', 'der', 'den', 'ter', 'y', 'e',
  'and', 'of', 'the', 'for', 'und', 'et',
]);

/** Titles, ranks and generational words: part of how a list prints a person, never who they are. */
export const personTitles: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'lord', 'sheikh', 'shaykh', 'sheik', 'shaikh', 'sheikha', 'haji', 'hajji',
  'hadji', 'alhaji', 'alhaj', 'mullah', 'mulla', 'maulana', 'maulvi', 'mawlawi', 'mawlavi', 'imam', 'qari', 'general', 'gen',
  'colonel', 'col', 'major', 'maj', 'captain', 'capt', 'lt', 'brigadier', 'commander', 'sr', 'sra', 'srta', 'jr', 'junior',
  'filho', 'neto', 'sobrinho', 'hon',
]);
