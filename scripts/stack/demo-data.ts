import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { findEntityIdsByDocument } from '../../db/repositories/entities/entity-repository';
import { findCompletedImportRun, ImportRunKind } from '../../db/repositories/entities/import-run-repository';
import { DatasetManifest, generateDataset } from '../../generator/generate-dataset';
import { importBods, importCnpj, importFamily, importMedia, importPep, importProceedings, importSanctions } from '../../importers';
import { hashFiles, listFiles } from '../../importers/support/source-entries';

const demo = { seed: '42', establishments: 1600, partners: 2400 };

/**
 * Loads the demo dataset through the real importers (never by direct inserts). Idempotent:
 * a second start finds every file's bytes already imported by a completed run and skips it.
 */
export type DemoSubject = { document: string; kind: string; why: string; entity_ids: number[] };

export async function loadDemoData(db: Knex, dataDir: string): Promise<DemoSubject[]> {
  const out = path.join(dataDir, 'demo-dataset');
  const manifestFile = path.join(out, 'manifest.json');
  const manifest: DatasetManifest =
    existsSync(manifestFile) && JSON.parse(readFileSync(manifestFile, 'utf8')).seed === demo.seed
      ? JSON.parse(readFileSync(manifestFile, 'utf8'))
      : await generateDataset({ out, ...demo });
  const file = (name: string) => path.join(out, name);
  const steps: { kind: ImportRunKind; target: string; run: () => Promise<unknown> }[] = [
    { kind: 'cnpj', target: file('cnpj'), run: () => importCnpj(db, { dir: file('cnpj') }) },
    { kind: 'pep', target: file('pep.csv'), run: () => importPep(db, { file: file('pep.csv') }) },
    { kind: 'ceis', target: file('ceis.csv'), run: () => importSanctions(db, 'ceis', { file: file('ceis.csv') }) },
    { kind: 'cnep', target: file('cnep.csv'), run: () => importSanctions(db, 'cnep', { file: file('cnep.csv') }) },
    { kind: 'bods', target: file('bods.json'), run: () => importBods(db, { file: file('bods.json') }) },
    { kind: 'family', target: file('family.jsonl'), run: () => importFamily(db, { file: file('family.jsonl') }) },
    { kind: 'proceedings', target: file('proceedings.jsonl'), run: () => importProceedings(db, { file: file('proceedings.jsonl') }) },
    { kind: 'media', target: file('media.jsonl'), run: () => importMedia(db, { file: file('media.jsonl') }) },
  ];
  for (const step of steps) {
    const sha = await hashFiles(await listFiles(step.target));
    if (await findCompletedImportRun(db, step.kind, sha)) continue;
    await step.run();
  }
  const subjects: DemoSubject[] = [];
  for (const subject of manifest.demo_subjects)
    subjects.push({ ...subject, entity_ids: await findEntityIdsByDocument(db, subject.document) });
  writeFileSync(path.join(dataDir, 'demo-subjects.json'), `${JSON.stringify(subjects, null, 2)}\n`);
  return subjects;
}
