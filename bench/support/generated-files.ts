import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFiles } from '../../support/network-shape';

/** The files of a generated dataset (generator/generate-dataset.ts) as text, in their publishers' encodings. */
export function readGeneratedFiles(dir: string): GeneratedFiles {
  const rf = (suffix: string) => {
    const name = readdirSync(path.join(dir, 'cnpj')).find((f) => f.endsWith(suffix));
    return name ? readFileSync(path.join(dir, 'cnpj', name), 'latin1') : '';
  };
  const text = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {
    companies: rf('.EMPRECSV'),
    partners: rf('.SOCIOCSV'),
    bods: text('bods.json'),
    family: text('family.jsonl'),
    media: text('media.jsonl'),
  };
}
