import { generateDataset, type GenerateOptions, progressTotal } from '../../generator/generate-dataset';
import { createCountProgress, type CountProgress } from '../../importers/support/count-progress';
import { createProgress, type Progress } from '../../importers/support/progress';

/**
 * A bench's long steps report their progress as the ops CLI reports the same steps: a bar with
 * rate and ETA on a terminal, JSON lines on stderr otherwise (docs/benchmarks.md).
 */

/** The `progressFactory` an importer takes: bytes read of its files, every 10 s off a terminal. */
export const importProgress =
  (kind: string) =>
  (totalBytes: number): Progress =>
    createProgress(totalBytes, { kind, intervalSeconds: 10 });

/** `generateDataset` with the rows it writes counted, as `ops generate` counts them. */
export async function generateDatasetWithProgress(options: Omit<GenerateOptions, 'progress'>): ReturnType<typeof generateDataset> {
  const progress = createCountProgress(progressTotal(options), { kind: 'generate', unit: 'rows' });
  try {
    return await generateDataset({ ...options, progress });
  } finally {
    progress.done();
  }
}

/** Counts `total` items of one bench phase under `label`. */
export function countProgress(label: string, total: number, unit: string): CountProgress {
  const progress = createCountProgress(total, { kind: 'bench', unit });
  progress.label(label);
  return progress;
}
