import { z } from 'zod';

export const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const port = z.coerce.number().int().min(1).max(65535);

/** An optional setting: unset or empty both mean "not set". */
export const unsetIfEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Durations like "5s,5m,30m,2h" → milliseconds. */
export const durationList = z.string().transform((value, ctx) => {
  const out: number[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not a duration like 500ms, 5s, 5m, 2h or 1d` });
      return z.NEVER;
    }
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms'];
    out.push(Number(match[1]) * unit);
  }
  return out;
});

/** One duration like "24h" or "3s" → milliseconds. */
export const duration = durationList
  .refine((list) => list.length === 1, 'must be one duration like 30s, 15m or 24h')
  .transform((list) => list[0]);
