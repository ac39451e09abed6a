import { z } from 'zod';
import { verifyAnalysis } from '../../../usecases/analyses/verify-analysis';
import { defineRoute } from '../../edge/routing';
import { analysisVerificationExample } from './analysis-examples';
import { analysisUuidParamsSchema } from './analysis-schemas';

const fingerprints = z.object({
  snapshot_hash: z.string().nullable(),
  input_fingerprint: z.string().nullable(),
  engine_fingerprint: z.string().nullable(),
  verdict_fingerprint: z.string().nullable(),
});

const verificationSchema = z
  .object({
    analysis_uuid: z.uuid(),
    match: z.boolean().describe('the canonical bytes of the stored and the recomputed verdict, and all four fingerprints, are equal'),
    rules_version: z.string().nullable(),
    scoring_engine_version: z.object({ stored: z.string().nullable(), running: z.string() }),
    engine_version_changed: z
      .boolean()
      .describe('the verdict was computed by another engine version than the one running: differences are expected'),
    stored: fingerprints,
    recomputed: fingerprints.nullable(),
    differences: z.array(z.string()).describe('JSON paths into {verdict, fingerprints} where stored and recomputed differ (at most 100)'),
    differences_truncated: z.boolean(),
    note: z.string().nullable(),
  })
  .meta({ id: 'AnalysisVerification', examples: [analysisVerificationExample] });

/** The promise to auditors (docs/engine.md, "Replay"): any verdict replays byte for byte from its snapshot. */
export const analysisVerifyRoutes = [
  defineRoute({
    method: 'post',
    path: '/analyses/:analysis_uuid/verify',
    operationId: 'verifyAnalysis',
    summary: 'Re-score the stored snapshot with the recorded catalog version and compare it with the stored verdict',
    description:
      "The auditor's replay: not billable, writes nothing. The rule catalog is the one the verdict names (every shipped version stays loadable); `match` is true when the recomputed verdict and its fingerprints equal the stored ones byte for byte.",
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: {
      200: { description: 'the comparison', schema: verificationSchema },
      404: { description: 'no such analysis for this company' },
      409: { description: 'the analysis is not completed (no verdict to verify)' },
    },
    handler: async ({ params, actor, deps }) => ({ status: 200, body: await verifyAnalysis(deps, actor, { uuid: params.analysis_uuid }) }),
  }),
];
