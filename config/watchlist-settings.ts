import { z } from 'zod';
import { defaultFreshnessDays, parseFreshnessDays, type VersionedList } from '../domain/watchlists/list-freshness';

/** Watchlists: how old a list may get before GET /watchlists (and analyses) call it stale (docs/watchlists.md, "Freshness"). */
export const watchlistSettings = {
  WATCHLIST_FRESHNESS_DAYS: z
    .string()
    .default('')
    .transform((text, ctx): Record<VersionedList, number> => {
      const parsed = parseFreshnessDays(text);
      if ('problems' in parsed) {
        for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message });
        return { ...defaultFreshnessDays };
      }
      return parsed.days;
    }),
};
