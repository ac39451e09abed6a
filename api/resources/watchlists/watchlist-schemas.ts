import { z } from 'zod';
import { isoCountryCodes } from '../../../domain/watchlists/country-codes';
import { versionedLists } from '../../../domain/watchlists/list-freshness';
import { watchlistCodes, watchlistSchemas } from '../../../domain/watchlists/watchlist-entry';
import { datePattern, JSON_SCHEMA_KEY, text } from '../../edge/request-fields';

/** Request and response shapes of the watchlist endpoints (docs/watchlists.md). */

const MAX_QUERIES = 100;

const birthDatePattern = new RegExp(`^(?:${datePattern.source.slice(1, -1)}|[0-9]{4})$`);

const listSchema = z
  .enum(watchlistCodes)
  .describe('un: UN Security Council Consolidated List; ofac_sdn: OFAC SDN list; eu_fsf: EU Financial Sanctions Files');

const matchQuerySchema = z
  .strictObject({
    schema: z.enum(watchlistSchemas).describe('what the subject is: a person or an organization (only entries of that kind are compared)'),
    name: text({ max: 300, min: 1, trim: true }).describe('the name to screen, in any script (Cyrillic and Arabic are transliterated)'),
    aliases: z
      .array(text({ max: 300, min: 1, trim: true }))
      .max(20)
      .optional()
      .describe('other names of the subject, at most 20; the best agreeing name counts'),
    birth_date: z
      .string()
      .regex(birthDatePattern, 'a birth date YYYY-MM-DD or a year YYYY')
      .optional()
      .meta({ [JSON_SCHEMA_KEY]: { type: 'string', pattern: birthDatePattern.source } })
      .describe("a person's birth date (YYYY-MM-DD) or year (YYYY): confirms or contradicts"),
    nationality: z
      .enum(isoCountryCodes, { error: 'an ISO 3166-1 alpha-2 country code in upper case (e.g. BR)' })
      .optional()
      .describe('ISO 3166-1 alpha-2 (upper case): confirms or contradicts'),
    document: text({ max: 64, min: 1, trim: true })
      .optional()
      .describe('an identity document number (passport, national id…), compared without punctuation or case'),
  })
  .meta({
    id: 'WatchlistMatchQuery',
    examples: [{ schema: 'person', name: 'Viktor Morozov', birth_date: '1968-03-14', nationality: 'RU' }],
  });

export const matchRequestSchema = z
  .strictObject({
    queries: z
      .record(text({ max: 100, min: 1 }), matchQuerySchema)
      .check((ctx) => {
        const count = Object.keys(ctx.value).length;
        if (count < 1 || count > MAX_QUERIES)
          ctx.issues.push({
            code: 'custom',
            params: { type: 'queries_count' },
            input: ctx.value,
            message: `from 1 to ${MAX_QUERIES} queries, found ${count}`,
          });
      })
      .meta({ minProperties: 1, maxProperties: MAX_QUERIES })
      .describe(`1 to ${MAX_QUERIES} subjects by a key of yours (1–100 characters); each counts one unit of the watchlist_queries quota`),
    lists: z.array(listSchema).min(1).max(3).optional().describe('the lists to screen against (default: all three)'),
    threshold: z.number().min(0).max(1).optional().describe('the score from which a result is a match (default 0.70)'),
    limit: z.int().min(1).max(20).optional().describe('the most results per query (default 5), best first'),
  })
  .meta({
    id: 'WatchlistMatchRequest',
    examples: [
      {
        queries: {
          partner_1: { schema: 'person', name: 'Viktor Morozov', birth_date: '1968-03-14', nationality: 'RU' },
          supplier: { schema: 'organization', name: 'Northern Star Shipping' },
        },
        lists: ['un', 'ofac_sdn', 'eu_fsf'],
        threshold: 0.7,
        limit: 5,
      },
    ],
  });
export type MatchRequestBody = z.infer<typeof matchRequestSchema>;

const matchResultSchema = z.object({
  list: listSchema,
  entry_id: z.string().describe("the publisher's identifier: the UN REFERENCE_NUMBER, OFAC's uid, the EU's logicalId"),
  schema: z.enum(watchlistSchemas),
  name: z.string().describe("the entry's primary name"),
  matched_name: z.string().describe('the entry name (primary or alias) that agreed best'),
  score: z.number().min(0).max(1),
  match: z.boolean().describe('score ≥ threshold and neither the birth date nor the nationality contradicts'),
  features: z
    .object({ name: z.number(), birth_date: z.number().nullable(), nationality: z.number().nullable(), document: z.number().nullable() })
    .describe('each feature 0–1, null when one side lacks it'),
  explanation: z.array(z.string()),
  programs: z.array(z.string()),
  listed_on: z.string().nullable(),
  list_version: z.string(),
});

const matchExample = {
  results: {
    partner_1: {
      matches: [
        {
          list: 'ofac_sdn',
          entry_id: '990001',
          schema: 'person',
          name: 'Viktor Arkadyevich MOROZOV',
          matched_name: 'Viktor Arkadyevich MOROZOV',
          score: 0.97,
          match: true,
          features: { name: 0.85, birth_date: 1, nationality: 1, document: null },
          explanation: [
            'name: 2 of 3 words agree ("viktor"; "morozov")',
            'birth_date: confirms (1968-03-14 = 1968-03-14)',
            'nationality: confirms (RU)',
          ],
          programs: ['RUSSIA-EO14024'],
          listed_on: null,
          list_version: '2026-11-15',
        },
      ],
      total: 1,
    },
    supplier: { matches: [], total: 0 },
  },
  algorithm: { name: 'era-name-matcher', version: '1.1.0' },
  lists: [{ list: 'ofac_sdn', version: '2026-11-15', imported_at: '2026-11-16T06:00:00.000Z' }],
};

export const matchResponseSchema = z
  .object({
    results: z.record(
      z.string(),
      z.object({ matches: z.array(matchResultSchema), total: z.int().describe('results reported before the limit') }),
    ),
    algorithm: z.object({ name: z.string(), version: z.string() }).describe('the matcher that scored (recorded with every result)'),
    lists: z
      .array(z.object({ list: listSchema, version: z.string(), imported_at: z.string() }))
      .describe('the version of each screened list (a list never imported is absent)'),
  })
  .meta({ id: 'WatchlistMatchResponse', examples: [matchExample] });

export const watchlistListResponseSchema = z
  .object({
    items: z.array(
      z.object({
        list: z.enum(versionedLists),
        publisher: z.string(),
        version: z.string().nullable().describe("the publisher's version (its generation date); null: never imported"),
        published_at: z.string().nullable(),
        imported_at: z.string().nullable(),
        entries: z.int().describe('entries listed in the current version'),
        stale: z.boolean().describe("never imported, or published_at older than the list's freshness (docs/watchlists.md, Freshness)"),
        freshness_days: z.int().describe('how old a publication may be before it is stale (WATCHLIST_FRESHNESS_DAYS)'),
      }),
    ),
    next_cursor: z.null().describe('always null: every list fits one page'),
  })
  .meta({
    id: 'WatchlistList',
    examples: [
      {
        items: [
          {
            list: 'un',
            publisher: 'United Nations Security Council',
            version: '2026-11-15T10:00:00.000Z',
            published_at: '2026-11-15T10:00:00.000Z',
            imported_at: '2026-11-15T12:00:00.000Z',
            entries: 1003,
            stale: false,
            freshness_days: 7,
          },
        ],
        next_cursor: null,
      },
    ],
  });

export const watchlistListQuerySchema = z.strictObject({});
