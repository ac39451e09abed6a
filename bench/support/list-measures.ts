import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { analysisListQuery } from '../../db/repositories/analyses/analysis-list-repository';
import { summarize } from './load';

/** `total` sequential requests, each read to the end; latencies of the 200s. */
export async function timeRequests(total: number, call: () => Promise<Response>) {
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const t0 = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (response.status === 200) samples.push(performance.now() - t0);
    else errors++;
  }
  return summarize(samples, (performance.now() - started) / 1000, errors);
}

/** The plans of the first and the 100th page, as the list's repository writes the query. */
export async function explainListQueries(db: Knex, companyId: number, range: { from: Date; to: Date }, cursor: string) {
  const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).p as { t: string; id: number };
  const plan = async (after: { t: string; id: number } | null) => {
    const { sql, bindings } = analysisListQuery(db, companyId, { riskLevel: 'high', ...range }, { after, limit: 51 }).toSQL();
    const { rows } = await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings as never);
    return rows.map((r: Record<string, string>) => r['QUERY PLAN']);
  };
  return { first_page: await plan(null), deep_page: await plan(position) };
}
