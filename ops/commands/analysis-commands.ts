import { z } from 'zod';
import { countCompletedAnalysesSince, findAnalysisCompanyId } from '../../db/repositories/analyses/analysis-replay-repository';
import { NotFoundError } from '../../domain/errors';
import { createCountProgress } from '../../importers/support/count-progress';
import { defineCommand } from '../command';

/**
 * The auditor's replay, offline (docs/engine.md, "Replay"): the same use case as
 * POST /analyses/{uuid}/verify, across companies. `--uuid` prints one verification;
 * `--since` checks every completed analysis created since then and lists the mismatches.
 */
export const analysesVerify = defineCommand({
  name: ['analyses', 'verify'],
  summary: 'Re-score stored snapshots and compare them with the stored verdicts, byte for byte',
  flags: {
    uuid: { type: 'string', value: '<analysis uuid>', help: 'one analysis (or --since)' },
    since: { type: 'string', value: '<ISO 8601>', help: 'every completed analysis created at or after (or --uuid)' },
  },
  examples: ['analyses verify --uuid 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f --json', 'analyses verify --since 2026-11-01T00:00:00Z --json'],
  options: z
    .object({
      uuid: z.uuid().optional(),
      since: z.iso
        .datetime({ offset: true })
        .transform((v) => new Date(v))
        .optional(),
    })
    .refine((o) => (o.uuid === undefined) !== (o.since === undefined), {
      message: 'give exactly one of --uuid or --since',
      path: ['uuid'],
    }),
  run: async ({ options, db, log, actor }) => {
    const knex = await db();
    // The scoring engine loads when a verification runs, not for every ops command (docs/operations.md).
    if (options.uuid) {
      const { verifyAnalysis } = await import('../../usecases/analyses/verify-analysis');
      // The operator names the analysis's company (domain/actor.ts: no "every company" bypass).
      const companyId = await findAnalysisCompanyId(knex, options.uuid);
      if (companyId === undefined) throw new NotFoundError('analysis');
      return verifyAnalysis({ db: knex }, actor, { uuid: options.uuid, companyId });
    }
    const { verifyAnalysesSince } = await import('../../usecases/analyses/verify-analyses-since');
    const progress = createCountProgress(await countCompletedAnalysesSince(knex, options.since!), { kind: 'verify', unit: 'analyses' });
    let reported = 0;
    const summary = await verifyAnalysesSince({ db: knex }, actor, {
      since: options.since!,
      onProgress: (checked) => {
        progress.add(checked - reported);
        reported = checked;
      },
    });
    progress.done();
    log(`verified ${summary.checked}`);
    return { since: options.since!.toISOString(), all_match: summary.mismatched === 0, ...summary };
  },
});
