import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../db/create-db';
import { SYSTEM_ACTOR } from '../domain/actor';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { scopes } from '../domain/tenancy';
import { loadDemoData } from '../scripts/stack/demo-data';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from '../scripts/stack/stack';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { seedBulkAnalyses } from './support/analyses-bulk-seed';
import { explainListQueries, timeRequests } from './support/list-measures';
import { flag } from './support/load';

/**
 * `npm run bench -- lists [--analyses 1000000] [--others 3] [--other-analyses 100000] [--requests 200] [--page 100] [--keep]`
 * A company with 1M analyses bulk-seeded over a year (and a few other companies), then through
 * HTTP on a real api process: the first page and the 100th page (reached by following cursors)
 * of a filtered list — risk_level=high and a three-month window — each `requests` times, p50/p95
 * (target: p95 ≤ 50 ms each); EXPLAIN (ANALYZE, BUFFERS) of both queries once; and
 * POST /analyses/{uuid}/verify on the demo showcase analysis, p50.
 */
export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const [count, others, otherCount, requests, deepPage] = [
    flag(args, 'analyses', 1_000_000),
    flag(args, 'others', 3),
    flag(args, 'other-analyses', 100_000),
    flag(args, 'requests', 200),
    flag(args, 'page', 100),
  ];
  const dataDir = path.join(projectRoot, '.data', `bench-lists-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = (m: string) => process.stderr.write(`[bench lists] ${m}\n`);
  const [pgPort, temporalPort, apiPort] = [await getFreePort(), await getFreePort(), await getFreePort()];
  log('starting Postgres and the Temporal dev server');
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 4 });
  try {
    log('loading the demo dataset through the importers (the showcase subject)');
    const subjects = await loadDemoData(db, dataDir);
    const entityIds: number[] = await db('entities').orderBy('id').limit(5000).pluck('id');
    await upsertPlan(db, {
      code: 'bench',
      features: ['analyses', 'analyses_async'],
      quotas: { analyses: 10_000_000 },
      limits: { requests_per_second: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Bench lists', planCode: 'bench' });
    const { apiKey } = await issueApiKey({ db: db }, SYSTEM_ACTOR, { companyUuid: company.uuid, scopes: [...scopes] });
    const seedStarted = performance.now();
    for (let o = 0; o < others; o++) {
      const neighbour = await createCompany(db, { name: `Bench neighbour ${o}`, planCode: 'bench' });
      await seedBulkAnalyses(db, { companyId: neighbour.id, count: otherCount, entityIds, days: 365 });
    }
    await seedBulkAnalyses(db, {
      companyId: company.id,
      count,
      entityIds,
      days: 365,
      onProgress: (done) => log(`seeded ${done} of ${count}`),
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env = { ...infra.env, NODE_ENV: 'production', PORT: String(apiPort), WORKFLOW_BUNDLE_PATH: bundlePath, LOG_LEVEL: 'warn' };
    const api = startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') });
    children.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForReady(apiUrl, 120_000, api.exited);
    const get = (query: string) => fetch(`${apiUrl}/analyses?${query}`, { headers: { 'X-API-Key': apiKey } });

    // Risk level high and a three-month window in the middle of the year: hundreds of pages.
    const from = new Date(Date.now() - 240 * 86_400_000).toISOString();
    const to = new Date(Date.now() - 150 * 86_400_000).toISOString();
    const filter = `risk_level=high&created_from=${encodeURIComponent(from)}&created_to=${encodeURIComponent(to)}`;
    let cursor: string | null = null;
    const walkStarted = performance.now();
    for (let page = 1; page < deepPage; page++) {
      const body: any = await (await get(`${filter}${cursor ? `&cursor=${cursor}` : ''}`)).json();
      cursor = body.next_cursor;
      if (!cursor) throw new Error(`the filtered list has only ${page} pages`);
    }
    const walkMs = performance.now() - walkStarted;
    log(`timing the first and page ${deepPage}`);
    await timeRequests(20, () => get(filter)); // warm-up
    const first = await timeRequests(requests, () => get(filter));
    const hundredth = await timeRequests(requests, () => get(`${filter}&cursor=${cursor}`));
    const explain = await explainListQueries(db, company.id, { from: new Date(from), to: new Date(to) }, cursor!);

    log('verify: the showcase analysis');
    const headers = { 'X-API-Key': apiKey, 'Content-Type': 'application/json' };
    const showcase: any = await (
      await fetch(`${apiUrl}/analyses`, { method: 'POST', headers, body: JSON.stringify({ document: subjects[0].document }) })
    ).json();
    const once: any = await (await fetch(`${apiUrl}/analyses/${showcase.uuid}/verify`, { method: 'POST', headers })).json();
    const verify = await timeRequests(Math.max(20, Math.floor(requests / 4)), () =>
      fetch(`${apiUrl}/analyses/${showcase.uuid}/verify`, { method: 'POST', headers }),
    );
    return {
      seeded: {
        company_analyses: count,
        other_companies: others,
        other_analyses_each: otherCount,
        seconds: Number(seedSeconds.toFixed(1)),
      },
      machine: {
        cpus: (await import('node:os')).cpus().length,
        load_average_1m_at_end: Number((await import('node:os')).loadavg()[0].toFixed(2)),
      },
      filter: { risk_level: 'high', created_from: from, created_to: to, limit: 50 },
      walk_to_deep_page_ms: Number(walkMs.toFixed(1)),
      first_page: first,
      deep_page: { page: deepPage, ...hundredth },
      explain,
      verify_showcase: { analysis_uuid: showcase.uuid, match: once.match, ...verify },
      targets: {
        first_page_p95_le_50ms: { value: first.p95_ms, met: first.p95_ms <= 50 && first.errors === 0 },
        [`page_${deepPage}_p95_le_50ms`]: { value: hundredth.p95_ms, met: hundredth.p95_ms <= 50 && hundredth.errors === 0 },
      },
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (!args.includes('--keep')) removeStackData(dataDir);
  }
}
