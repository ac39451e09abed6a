import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGeneratedFiles } from '../../../bench/support/generated-files';
import { generateDataset, sizeFromEntities } from '../../../generator/generate-dataset';
import { readGeneratedStore, storeShape, type StoreShape } from '../../../support/network-shape';

// The scale curve compares sizes only if a subject's network has the same shape at each
// (docs/scaling.md, "Like with like"): the generator's networks, measured on its own files at
// three sizes (the bench's 100k and two smaller), must agree figure by figure. The tolerances are
// the spread between seeds at one size (3 seeds × 3 sizes measured when they were set): p95s of
// 60–200 deep networks swing 2–3× with which subjects reach a hub, so only p50s and means are held.
const sizes = [25_000, 50_000, 100_000];
const shapes = new Map<number, StoreShape>();

beforeAll(async () => {
  for (const size of sizes) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'network-shape-'));
    try {
      await generateDataset({ out: dir, seed: 'shape', ...sizeFromEntities(size) });
      shapes.set(size, storeShape(readGeneratedStore(readGeneratedFiles(dir)), 200));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}, 170_000);

const figure = (shape: StoreShape, name: string): number => name.split('.').reduce((v: any, k) => v[k], shape) as number;

describe('the generator keeps a network the same shape at every store size', () => {
  it.each([
    // figure, relative tolerance, absolute tolerance (the looser one applies)
    ['partners_per_company.p50', 0, 0],
    ['partners_per_company.p95', 0, 0],
    ['partners_per_company.mean', 0.05, 0],
    ['companies_per_partner.p50', 0, 0],
    ['companies_per_partner.p95', 0, 1],
    ['companies_per_partner.mean', 0.05, 0],
    // The hubs: 7.5 companies each at 25k and 30 at 100k before, when 20 persons held 1 % of all rows.
    ['largest_partners.mean', 0.25, 0],
    ['deep.nodes.p50', 0.25, 0],
    ['deep.nodes.mean', 0.5, 0],
    ['deep.depth.p50', 0, 0],
    // Articles holding every search term of an entity's name: 1.7 at 25k and 6.8 at 100k before (fixed name vocabulary).
    ['deep.media_per_entity.mean', 0.25, 0],
    ['deep.media_per_entity.p95', 0, 2],
    ['shallow.nodes.p50', 0, 0],
    ['shallow.depth.p50', 0, 0],
    ['shallow.media_per_entity.mean', 0.5, 0.5],
    ['shallow.media_per_entity.p95', 0, 3],
  ])('%s agrees at 25k, 50k and 100k entities', (name, relative, absolute) => {
    const values = sizes.map((size) => figure(shapes.get(size)!, name));
    const [low, high] = [Math.min(...values), Math.max(...values)];
    expect({ name, values, within: high - low <= Math.max(absolute, relative * high) }).toEqual({ name, values, within: true });
  });

  it('measures enough subjects of both classes at every size', () => {
    for (const size of sizes) {
      const shape = shapes.get(size)!;
      expect(shape.deep.nodes.n).toBeGreaterThanOrEqual(50);
      expect(shape.shallow.nodes.n).toBe(200);
      expect(shape.deep.depth.p50).toBe(4);
    }
  });
});
