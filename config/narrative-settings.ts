import { z } from 'zod';

/** Who writes regenerated report narratives (docs/reports.md). */
export const narrativeSettings = {
  /** Who writes regenerated report narratives: the embedded templates, or an OpenAI-compatible endpoint (docs/reports.md). */
  NARRATIVE_WRITER: z.enum(['template', 'openai']).default('template'),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).max(200).optional(),
  /** A secret: never logged, never in a response. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
};

/** An OpenAI narrative writer needs its endpoint and model. */
export function requireNarrativeWriterSettings(
  c: { NARRATIVE_WRITER: string; OPENAI_BASE_URL?: string; OPENAI_MODEL?: string },
  ctx: z.RefinementCtx,
): void {
  if (c.NARRATIVE_WRITER !== 'openai') return;
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_MODEL'] as const)
    if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when NARRATIVE_WRITER=openai' });
}
