import { z } from 'zod';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import type { OperatorActor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import { defineCommand } from '../command';
import { withOpsTemporal } from '../temporal-connection';

// Monitoring's change feed from the ops CLI (docs/monitoring.md, "Change detection"): an import
// that recorded changed entities starts the fan-out that re-analyses the affected monitors; the
// same start by hand when Temporal was out of reach at the import's end.

type Changes = { source: string; version: string; entities: number };

/**
 * After an import: the fan-out of its changes, if it changed any entity. The import stands
 * whatever happens here (it committed); a start that cannot reach Temporal says how to start it later.
 */
export async function fanOutAfterImport<S extends object>(
  summary: S,
  actor: OperatorActor,
  log: (m: string) => void,
): Promise<S & { fan_out: { started: boolean; workflow_id?: string; error?: string; retry?: string } | null }> {
  const changes = (summary as { changes?: Changes }).changes;
  if (!changes || changes.entities === 0) return { ...summary, fan_out: null };
  try {
    const { startChangeFanOut } = await import('../../usecases/monitoring/start-change-fan-out');
    const started = await withOpsTemporal((temporal) => startChangeFanOut({ temporal }, actor, changes));
    log(`monitoring fan-out started for ${changes.entities} changed entit${changes.entities === 1 ? 'y' : 'ies'}: ${started.workflow_id}`);
    return { ...summary, fan_out: { started: true, workflow_id: started.workflow_id } };
  } catch (error) {
    const retry = `ops monitoring fan-out --source ${changes.source} --version ${changes.version}`;
    log(`monitoring fan-out not started (${(error as Error).message}); start it with: ${retry}`);
    return { ...summary, fan_out: { started: false, error: (error as Error).message, retry } };
  }
}

export const monitoringFanOut = defineCommand({
  name: ['monitoring', 'fan-out'],
  summary:
    "Start the fan-out of an import's recorded changes to the monitors whose network holds a changed entity (once per source and version)",
  flags: {
    source: {
      type: 'string',
      value: '<source>',
      help: 'the import source (ceis, cnep, cepim, ceaf, pep, cnpj, un, ofac_sdn, eu_fsf, proceedings, bods, media, family)',
      required: true,
    },
    version: {
      type: 'string',
      value: '<version>',
      help: "the import's version (a versioned list's, else run-<import run id>)",
      required: true,
    },
    'batch-size': { type: 'string', value: '<n>', help: 'monitors signalled per batch (1-500, default 500)' },
  },
  examples: ['monitoring fan-out --source ceis --version run-42 --json'],
  options: z.object({
    source: z.string().regex(/^[a-z_]{2,32}$/),
    version: z.string().min(1).max(64),
    'batch-size': z.coerce.number().int().min(1).max(500).optional(),
  }),
  run: async ({ options, actor }) => {
    const { startChangeFanOut } = await import('../../usecases/monitoring/start-change-fan-out');
    return withOpsTemporal((temporal) =>
      startChangeFanOut({ temporal }, actor, { source: options.source, version: options.version, batchSize: options['batch-size'] }),
    );
  },
});

export const monitoringRescheduleReviews = defineCommand({
  name: ['monitoring', 'reschedule-reviews'],
  summary:
    "Plan every live monitor's next periodic review of a company again under its review months now (company update --review-months starts this itself)",
  flags: {
    company: { type: 'string', value: '<company uuid>', help: 'the company', required: true },
    'batch-size': { type: 'string', value: '<n>', help: 'monitors per batch (1-500, default 500)' },
  },
  examples: ['monitoring reschedule-reviews --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --json'],
  options: z.object({ company: z.uuid(), 'batch-size': z.coerce.number().int().min(1).max(500).optional() }),
  run: async ({ options, actor, db }) => {
    if (!(await findCompanyByUuid(await db(), options.company))) throw new NotFoundError('company');
    const { startMonitorReviewReschedule } = await import('../../usecases/monitoring/reschedule-monitor-reviews');
    return withOpsTemporal((temporal) =>
      startMonitorReviewReschedule({ temporal }, actor, { companyUuid: options.company, batchSize: options['batch-size'] }),
    );
  },
});
