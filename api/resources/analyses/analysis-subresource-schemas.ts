import { z } from 'zod';
import { analysisStatusSchema } from './analysis-schemas';
import * as examples from './analysis-examples';

/** The sub-resources of an analysis: its events, explanation, signals and snapshot (docs/analyses.md). */
export const analysisEventsSchema = z.object({
  analysis_uuid: z.uuid(),
  status: analysisStatusSchema,
  events: z.array(z.object({ type: z.string(), occurred_at: z.string(), details: z.record(z.string(), z.unknown()) })),
}).meta({ id: 'AnalysisEvents', examples: [examples.analysisEventsExample] });

export const analysisExplanationSchema = z.object({
  analysis_uuid: z.uuid(),
  status: analysisStatusSchema,
  rules_version: z.string().nullable(),
  engine_fingerprint: z.string().nullable(),
  explanation: z.array(z.looseObject({ step: z.int(), kind: z.string(), code: z.string(), text: z.string() })).nullable(),
}).meta({ id: 'AnalysisExplanation', examples: [examples.analysisExplanationExample] });

export const analysisSignalsSchema = z.object({
  analysis_uuid: z.uuid(),
  status: analysisStatusSchema,
  rules_version: z.string().nullable(),
  signal_counts: z.record(z.string(), z.unknown()).nullable(),
  signals: z.array(z.looseObject({ code: z.string(), pillar: z.string(), identified: z.boolean(), score: z.number() })).nullable(),
}).meta({ id: 'AnalysisSignals', examples: [examples.analysisSignalsExample] });

export const analysisSnapshotSchema = z.object({
  analysis_uuid: z.uuid(),
  status: analysisStatusSchema,
  snapshot_hash: z.string().nullable(),
  snapshot: z.record(z.string(), z.unknown()).nullable(),
}).meta({ id: 'AnalysisSnapshot', examples: [examples.analysisSnapshotExample] });
