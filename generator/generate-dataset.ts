import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatCnpj } from '../domain/documents/cnpj';
import { formatCpf } from '../domain/documents/cpf';
import { Prng, seedNumber } from './prng';
import { writeBods } from './write-bods';
import { writeRfRelease } from './write-rf-release';
import { writeMedia } from './write-media';
import { writePepAndFamily } from './write-pep-and-family';
import { writeProceedings } from './write-proceedings';
import { writeSanctions } from './write-sanctions';
import { World } from './world';

/**
 * `progress`: told the rows of the registry release as they are written (companies, establishments,
 * partners: the bulk of a dataset) and each file written after them; `progressTotal` is the count.
 */
export type GenerateOptions = {
  out: string;
  seed: string;
  establishments: number;
  partners: number;
  progress?: { add: (rows: number) => void; label: (text: string) => void };
};

/** The rows `progress` will be told of: the release's companies, establishments and partners. */
export function progressTotal(options: Pick<GenerateOptions, 'establishments' | 'partners'>): number {
  return Math.max(10, Math.round(options.establishments / 1.25)) + options.establishments + options.partners;
}

export type DatasetManifest = {
  seed: string;
  files: Record<string, string>;
  counts: Record<string, number>;
  demo_subjects: { document: string; kind: string; why: string }[];
};

/** `--entities N` → about 40% establishments and 60% partner rows (docs/importers.md). */
export function sizeFromEntities(entities: number): { establishments: number; partners: number } {
  return { establishments: Math.max(10, Math.round(entities * 0.4)), partners: Math.max(10, Math.round(entities * 0.6)) };
}

/**
 * Writes a complete synthetic dataset in the public formats. Deterministic: the same options
 * give byte-identical files (a seeded PRNG and index-derived identities; no clock, no Math.random).
 */
export async function generateDataset(options: GenerateOptions): Promise<DatasetManifest> {
  const companies = Math.max(10, Math.round(options.establishments / 1.25));
  const persons = Math.max(20, Math.round(options.partners * 0.7));
  const world = new World(seedNumber(options.seed), {
    companies,
    establishments: Math.max(options.establishments, companies),
    partners: options.partners,
    persons,
  });
  mkdirSync(options.out, { recursive: true });
  const step = (text: string) => options.progress?.label(text);
  step('registry release');
  const rf = await writeRfRelease(world, path.join(options.out, 'cnpj'), new Prng(`${options.seed}:rf`), options.progress?.add);
  step('PEP and family');
  const peps = await writePepAndFamily(world, options.out);
  step('sanctions');
  const sanctions = await writeSanctions(world, options.out);
  step('ownership (BODS)');
  const bods = await writeBods(world, options.out);
  step('proceedings');
  const proceedings = await writeProceedings(world, options.out);
  step('media');
  const media = await writeMedia(world, options.out);
  const { ids } = world;
  const manifest: DatasetManifest = {
    seed: options.seed,
    files: {
      cnpj: 'cnpj/',
      pep: 'pep.csv',
      family: 'family.jsonl',
      ceis: 'ceis.csv',
      cnep: 'cnep.csv',
      bods: 'bods.json',
      proceedings: 'proceedings.jsonl',
      media: 'media.jsonl',
    },
    counts: {
      companies,
      persons,
      establishments: rf.establishments,
      partners: rf.partners,
      peps,
      ceis: sanctions.ceis,
      cnep: sanctions.cnep,
      bods_statements: bods,
      proceedings,
      media_articles: media,
    },
    demo_subjects: [
      {
        document: formatCnpj(ids.cnpj(world.showcase)),
        kind: 'cnpj',
        why: "alphanumeric CNPJ; a PEP and the PEP's spouse are partners; 4-layer declared ownership chain ending at a person; a sanctioned (CEIS) owner; an open proceeding; adverse media",
      },
      {
        document: formatCpf(ids.cpf(3)),
        kind: 'cpf',
        why: 'a PEP (elected official) with family ties (spouse and child), partner of the showcase company',
      },
      { document: formatCnpj(ids.cnpj(world.showcase + 1)), kind: 'cnpj', why: 'a company on CEIS (active sanction)' },
      {
        document: formatCpf(ids.cpf(world.ambiguousPerson)),
        kind: 'cpf',
        why: 'two sources declare this CPF under different names: resolution is ambiguous (409)',
      },
    ],
  };
  writeFileSync(path.join(options.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
