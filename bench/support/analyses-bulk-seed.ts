import type { Knex } from 'knex';

/**
 * Bulk analyses for the list benchmark, set-based in SQL (`INSERT … SELECT generate_series`), in
 * batches so that progress shows: over a year (created_at rising with the id, as rows really
 * arrive, with a few minutes of jitter), subjects drawn from the entity store, 95 % completed
 * (risk levels low 55 %, medium 25 %, high 14 %, critical 6 %, score within the level's band),
 * 3 % failed, 2 % queued or running; a third async with a client_reference, sources from a small
 * set. The documents (snapshot, verdict, graph) are placeholders: a list never reads them.
 */
export async function seedBulkAnalyses(
  db: Knex,
  input: { companyId: number; count: number; entityIds: number[]; days: number; batch?: number; onProgress?: (done: number) => void },
): Promise<void> {
  const batch = input.batch ?? 100_000;
  for (let start = 0; start < input.count; start += batch) {
    const end = Math.min(input.count, start + batch);
    await db.raw(
      `WITH g AS (
         SELECT i, gen_random_uuid() AS uuid, abs(hashint4(i)) % 10000 AS roll, abs(hashint4(i + 7)) % 100 AS band, (abs(hashint4(i + 13)) % 300) * interval '1 second' AS jitter
           FROM generate_series(?::int, ?::int) i
       ), shaped AS (
         SELECT i, uuid, jitter, CASE WHEN roll < 9500 THEN 'completed' WHEN roll < 9800 THEN 'failed' WHEN roll < 9900 THEN 'queued' ELSE 'running' END AS status,
                CASE WHEN band < 55 THEN 'low' WHEN band < 80 THEN 'medium' WHEN band < 94 THEN 'high' ELSE 'critical' END AS level,
                CASE WHEN i % 3 = 0 THEN 'async' ELSE 'sync' END AS mode
           FROM g
       )
       INSERT INTO analyses (uuid, company_id, entity_id, mode, status, current_step, source, client_reference, entry_uuid, as_of, workflow_id,
                             snapshot, snapshot_hash, verdict, score, risk_level, created_at, completed_at)
       SELECT uuid, ?, (?::bigint[])[1 + i % ?], mode, status, CASE WHEN status = 'running' THEN 'graph' ELSE status END,
              (ARRAY['onboarding', 'batch', 'api', NULL])[1 + i % 4], CASE WHEN mode = 'async' THEN 'crm-' || i END, gen_random_uuid(), date(t.at), 'analysis-' || uuid,
              CASE WHEN status = 'completed' THEN '{"bench": true}'::jsonb END, CASE WHEN status = 'completed' THEN md5(i::text) END,
              CASE WHEN status = 'completed' THEN '{"bench": true}'::jsonb END,
              CASE WHEN status = 'completed' THEN (CASE level WHEN 'low' THEN 0 WHEN 'medium' THEN 25 WHEN 'high' THEN 50 ELSE 75 END) + i % (CASE level WHEN 'critical' THEN 26 ELSE 25 END) END,
              CASE WHEN status = 'completed' THEN level END, t.at, CASE WHEN status IN ('completed', 'failed') THEN t.at + interval '200 milliseconds' END
         FROM shaped,
              LATERAL (SELECT now() - ? * interval '1 day' + (i::float8 / ?) * ? * interval '1 day' + jitter AS at) t`,
      [start + 1, end, input.companyId, input.entityIds, input.entityIds.length, input.days, input.count, input.days],
    );
    input.onProgress?.(end);
  }
  await db.raw('ANALYZE analyses');
}
