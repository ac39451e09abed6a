/**
 * Every list the service imports with a version (the three screened by name and the CGU
 * registers CEPIM and CEAF), who publishes it, and how old its publication may be before
 * `GET /watchlists` calls it stale (docs/watchlists.md, "Freshness").
 */
export const versionedLists = ['un', 'ofac_sdn', 'eu_fsf', 'cepim', 'ceaf'] as const;
export type VersionedList = (typeof versionedLists)[number];

export const listPublishers: Record<VersionedList, string> = {
  un: 'United Nations Security Council',
  ofac_sdn: 'U.S. Treasury, Office of Foreign Assets Control',
  eu_fsf: 'European Commission (Financial Sanctions Files)',
  cepim: 'Controladoria-Geral da União (CEPIM)',
  ceaf: 'Controladoria-Geral da União (CEAF)',
};

/**
 * Days, by list. The UN and the EU regenerate their files on every change and changes come
 * within days, so a week-old file means imports stopped; OFAC's Publish_Date is the last
 * change, and quiet fortnights happen; the CGU registers are published monthly.
 */
export const defaultFreshnessDays: Record<VersionedList, number> = { un: 7, ofac_sdn: 14, eu_fsf: 7, cepim: 45, ceaf: 45 };

/**
 * `un=3,ofac_sdn=10` → those lists' days over the defaults. Returns the problems instead when
 * the text is not that (an unknown list, days not a whole number from 1 to 3650).
 */
export function parseFreshnessDays(text: string): { days: Record<VersionedList, number> } | { problems: string[] } {
  const days = { ...defaultFreshnessDays };
  const problems: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=(\d{1,4})$/.exec(part);
    if (!match || !(versionedLists as readonly string[]).includes(match[1]) || Number(match[2]) < 1 || Number(match[2]) > 3650) {
      problems.push(`"${part}" is not <list>=<days> with list one of ${versionedLists.join(', ')} and days from 1 to 3650`);
      continue;
    }
    days[match[1] as VersionedList] = Number(match[2]);
  }
  return problems.length > 0 ? { problems } : { days };
}

/** Stale: never imported, or published longer ago than its freshness. */
export function isListStale(publishedAt: Date | null, now: Date, freshnessDays: number): boolean {
  return publishedAt === null || now.getTime() - publishedAt.getTime() > freshnessDays * 86_400_000;
}

/**
 * Stale on an analysis' date: never imported, or published more than `freshnessDays` calendar
 * days before `asOf` (both 'YYYY-MM-DD', UTC). Days, not instants, so that every analysis of one
 * day judges a list alike (a verdict's only clock is its as_of).
 */
export function isListStaleOn(publishedOn: string | null, asOf: string, freshnessDays: number): boolean {
  if (publishedOn === null) return true;
  const days = (Date.parse(`${asOf.slice(0, 10)}T00:00:00Z`) - Date.parse(`${publishedOn.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
  return days > freshnessDays;
}
