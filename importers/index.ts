export { importCnpj } from './rf/import-cnpj';
export { importPep } from './cgu/import-pep';
export { importSanctions } from './cgu/import-sanctions';
export { importWatchlist } from './watchlists/import-watchlist';
export { importBods } from './bods/import-bods';
export { importProceedings } from './jsonl/import-proceedings';
export { importMedia } from './jsonl/import-media';
export { importFamily } from './jsonl/import-family';
export type { ImportSummary } from './support/summary';
