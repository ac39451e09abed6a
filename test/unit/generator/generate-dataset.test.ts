import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isValidCnpj } from '../../../domain/documents/cnpj';
import { generateDataset } from '../../../generator/generate-dataset';
import { Prng } from '../../../generator/prng';

function listAll(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listAll(path.join(dir, e.name)).map((f) => path.join(e.name, f)) : [e.name]))
    .sort();
}

describe('dataset generator', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gen-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes byte-identical files for the same seed, different ones for another seed', async () => {
    const [a, b, c] = [tmp(), tmp(), tmp()];
    await generateDataset({ out: a, seed: '42', establishments: 300, partners: 450 });
    await generateDataset({ out: b, seed: '42', establishments: 300, partners: 450 });
    await generateDataset({ out: c, seed: '43', establishments: 300, partners: 450 });
    const files = listAll(a);
    expect(files).toEqual(listAll(b));
    expect(files).toEqual(
      expect.arrayContaining([
        'bods.json',
        'ceis.csv',
        'cnep.csv',
        'family.jsonl',
        'manifest.json',
        'media.jsonl',
        'pep.csv',
        'proceedings.jsonl',
        path.join('cnpj', 'K3241.K03200Y0.D51213.ESTABELE'),
      ]),
    );
    for (const file of files) expect(readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file)))).toBe(true);
    expect(
      readFileSync(path.join(a, 'cnpj', 'K3241.K03200Y0.D51213.SOCIOCSV')).equals(
        readFileSync(path.join(c, 'cnpj', 'K3241.K03200Y0.D51213.SOCIOCSV')),
      ),
    ).toBe(false);
  });

  it('writes exactly the requested rows, valid alphanumeric CNPJs and latin1 accents', async () => {
    const dir = tmp();
    const manifest = await generateDataset({ out: dir, seed: '7', establishments: 500, partners: 800 });
    expect(manifest.counts).toMatchObject({ establishments: 500, partners: 800 });
    const estab = readFileSync(path.join(dir, 'cnpj', 'K3241.K03200Y0.D51213.ESTABELE'))
      .toString('latin1')
      .trim()
      .split('\n');
    expect(estab).toHaveLength(500);
    const cnpjs = estab.map((l) => l.split('";"').slice(0, 3).join('').replace(/"/g, ''));
    expect(cnpjs.every(isValidCnpj)).toBe(true);
    expect(cnpjs.some((c) => /[A-Z]/.test(c))).toBe(true);
    expect(new Set(cnpjs).size).toBe(500);
    expect(readFileSync(path.join(dir, 'cnpj', 'K3241.K03200Y0.D51213.EMPRECSV')).toString('latin1')).toMatch(/[ÇÃÉÍÓÚÂÊÔ]/);
    expect(JSON.parse(readFileSync(path.join(dir, 'bods.json'), 'utf8')).length).toBe(manifest.counts.bods_statements);
  });

  it('draws the same sequence from the same seed', () => {
    const [a, b] = [new Prng('s'), new Prng('s')];
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });
});
