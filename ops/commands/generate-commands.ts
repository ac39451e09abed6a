import path from 'node:path';
import { z } from 'zod';
import { generateDataset, progressTotal, sizeFromEntities } from '../../generator/generate-dataset';
import { createCountProgress } from '../../importers/support/count-progress';
import { defineCommand } from '../command';

const count = z.string().regex(/^\d+$/, 'a positive integer').transform(Number).pipe(z.int().min(10).max(50_000_000));

export const generateCommand = defineCommand({
  name: ['generate'],
  summary: 'Write a deterministic synthetic dataset in the public formats (RF, PEP, CEIS/CNEP, BODS, proceedings, media)',
  flags: {
    out: { type: 'string', value: '<folder>', help: 'where the files go (created)', required: true },
    entities: { type: 'string', value: '<N>', help: 'about 40% establishments, 60% partner rows' },
    establishments: { type: 'string', value: '<N>', help: 'instead of --entities, with --partners' },
    partners: { type: 'string', value: '<N>', help: 'instead of --entities, with --establishments' },
    seed: { type: 'string', value: '<text>', help: 'the same seed gives the same bytes (default 42)' },
  },
  examples: ['generate --entities 10000 --seed 7 --out /tmp/dataset --json'],
  options: z.object({
    entities: count.optional(),
    establishments: count.optional(),
    partners: count.optional(),
    seed: z.string().min(1).max(100).default('42'),
    out: z.string().min(1),
  }),
  run: async ({ options }) => {
    const size = options.entities
      ? sizeFromEntities(options.entities)
      : { establishments: options.establishments ?? 1000, partners: options.partners ?? 1500 };
    const started = performance.now();
    const progress = createCountProgress(progressTotal(size), { kind: 'generate', unit: 'rows' });
    const manifest = await generateDataset({ out: path.resolve(options.out), seed: options.seed, ...size, progress });
    progress.done();
    return { out: path.resolve(options.out), ...manifest, duration_ms: Math.round(performance.now() - started) };
  },
});
