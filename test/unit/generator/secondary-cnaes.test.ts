import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDataset } from '../../../generator/generate-dataset';
import { secondaryCnaes } from '../../../generator/secondary-cnaes';
import { cnaes } from '../../../generator/vocabulary';

/** A stand-in for the seeded generator that draws the given indexes. */
const draws = (...indexes: number[]) => ({ int: () => indexes.shift()! });
const code = (i: number) => cnaes[i][0];

describe('secondary CNAEs of a generated establishment', () => {
  it.each([
    ['two different codes as drawn', [3, 5], code(0), [code(3), code(5)]],
    ['the same code twice: the second moves on to the next', [5, 5], code(0), [code(5), code(6)]],
    ['the main code moves on too', [0, 1], code(0), [code(1), code(2)]],
    ['wraps round the vocabulary', [cnaes.length - 1, cnaes.length - 1], code(0), [code(cnaes.length - 1), code(1)]],
  ])('%s', (_name, indexes, main, expected) => {
    expect(secondaryCnaes(draws(...indexes), main)).toEqual(expected);
  });

  it('never writes a repeated code or the main code in a release', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gen-cnae-'));
    try {
      await generateDataset({ out: dir, seed: '7', establishments: 1500, partners: 2000 });
      const rows = readFileSync(path.join(dir, 'cnpj', 'K3241.K03200Y0.D51213.ESTABELE'))
        .toString('latin1')
        .trim()
        .split('\n')
        .map((l) => l.slice(1, -1).split('";"'));
      const withSecondary = rows.filter((f) => f[12] !== '');
      expect(withSecondary.length).toBeGreaterThan(100);
      for (const f of withSecondary) {
        const secondary = f[12].split(',');
        expect(new Set(secondary).size).toBe(secondary.length);
        expect(secondary).not.toContain(f[11]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
