import { z } from 'zod';
import { analysisStatusSchema } from './analysis-schemas';
import * as examples from './analysis-examples';
import { evaluatedSignalSchema, explanationItemSchema, rulesVersionSchema, signalCountsSchema } from './analysis-verdict-schemas';

/** The sub-resources of an analysis: its events, explanation, signals and snapshot (docs/analyses.md). */
export const analysisEventsSchema = z
  .object({
    analysis_uuid: z.uuid(),
    status: analysisStatusSchema,
    events: z.array(z.object({ type: z.string(), occurred_at: z.string(), details: z.record(z.string(), z.unknown()) })),
  })
  .meta({ id: 'AnalysisEvents', examples: [examples.analysisEventsExample] });

export const analysisExplanationSchema = z
  .strictObject({
    analysis_uuid: z.uuid(),
    status: analysisStatusSchema,
    rules_version: rulesVersionSchema.nullable(),
    engine_fingerprint: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    explanation: z.array(explanationItemSchema).nullable().describe('the steps in reading order; null until completed'),
  })
  .meta({ id: 'AnalysisExplanation', examples: [examples.analysisExplanationExample] });

export const analysisSignalsSchema = z
  .strictObject({
    analysis_uuid: z.uuid(),
    status: analysisStatusSchema,
    rules_version: rulesVersionSchema.nullable(),
    signal_counts: signalCountsSchema.nullable().describe('null until completed'),
    signals: z.array(evaluatedSignalSchema).nullable().describe('every signal of the catalog, in catalog order; null until completed'),
  })
  .meta({ id: 'AnalysisSignals', examples: [examples.analysisSignalsExample] });

export const analysisSnapshotSchema = z
  .object({
    analysis_uuid: z.uuid(),
    status: analysisStatusSchema,
    snapshot_hash: z.string().nullable(),
    snapshot: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AnalysisSnapshot', examples: [examples.analysisSnapshotExample] });
