import path from 'node:path';
import { z } from 'zod';
import { generateDataset, sizeFromEntities } from '../../generator/generate-dataset';
import { defineCommand } from '../command';

const count = z.string().regex(/^\d+$/, 'a positive integer').transform(Number).pipe(z.int().min(10).max(50_000_000));

export const generateCommand = defineCommand({
  name: ['generate'],
  summary: 'Write a deterministic synthetic dataset in the public formats (RF, PEP, CEIS/CNEP, BODS, proceedings, media)',
  flags: ['--entities <N> (about 40% establishments, 60% partner rows)', '--establishments <N> --partners <N> (instead of --entities)', '--seed <text> (default 42)', '--out <dir>'],
  options: z.object({ entities: count.optional(), establishments: count.optional(), partners: count.optional(), seed: z.string().min(1).max(100).default('42'), out: z.string().min(1) }),
  run: async ({ options }) => {
    const size = options.entities ? sizeFromEntities(options.entities) : { establishments: options.establishments ?? 1000, partners: options.partners ?? 1500 };
    const started = performance.now();
    const manifest = await generateDataset({ out: path.resolve(options.out), seed: options.seed, ...size });
    return { out: path.resolve(options.out), ...manifest, duration_ms: Math.round(performance.now() - started) };
  },
});
