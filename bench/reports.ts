import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../db/create-db';
import { setReportingInstitutionCnpj } from '../db/repositories/tenancy/company-settings-repository';
import { SYSTEM_ACTOR } from '../domain/actor';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { importRegulatoryCodes } from '../usecases/reports/import-regulatory-codes';
import { exampleCodesCsv, exampleOccurrence } from '../support/siscoaf-example';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { loadDemoData } from '../scripts/stack/demo-data';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure } from '../scripts/stack/stack';
import { withCpu } from './support/cpu';
import { closedLoop, flag, type Latencies } from './support/load';
import { insertLargeAnalysis } from './support/report-analyses';
import { startBenchServices } from './support/bench-services';

type Call = (method: string, pathName: string, body?: unknown) => Promise<{ status: number; body: any }>;

/**
 * `npm run bench -- reports [--requests 30] [--keep]`: on the real stack (api → Temporal →
 * worker on the `reports` queue → Postgres), for the demo showcase's analysis and for an
 * analysis of a ≥ 10k-node network:
 *  - POST /reports p50 / p95 for each type (sequential, so the latency is the report's own),
 *  - finalize with the PDF (and for coaf_cos the Siscoaf XML) p50 / p95 (target p95 ≤ 1 s),
 *  - CPU per report by component (core-ms of api, worker, Temporal, Postgres, bench client).
 */
async function createReports(call: Call, analysisUuid: string, type: string, total: number, drafts: string[]): Promise<Latencies> {
  return closedLoop(total, 1, async () => {
    const r = await call('POST', '/reports', { analysis_uuid: analysisUuid, type });
    if (r.status === 201) drafts.push(r.body.uuid);
    return r.status === 201;
  });
}

async function finalizeAll(call: Call, drafts: string[]): Promise<Latencies> {
  // A coaf_cos finalizes only with its occurrence data (docs/reports.md): entered first, untimed.
  for (const uuid of drafts) {
    const report = await call('GET', `/reports/${uuid}`);
    if (report.body?.type === 'coaf_cos') await call('PUT', `/reports/${uuid}/occurrence`, exampleOccurrence(report.body.subject.document));
  }
  let next = 0;
  return closedLoop(drafts.length, 1, async () => (await call('POST', `/reports/${drafts[next++]}/finalize`)).status === 200);
}

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const requests = flag(args, 'requests', 30);
  const dataDir = path.join(projectRoot, '.data', `bench-reports-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = (m: string) => process.stderr.write(`[bench reports] ${m}\n`);
  const infra = await startInfrastructure({
    dataDir,
    pgPort: await getFreePort(),
    temporalPort: await getFreePort(),
    durable: false,
    echo: false,
  });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 4 });
  try {
    log('loading the demo dataset (generated, through the importers)');
    const showcase = (await loadDemoData(db, dataDir))[0];
    await upsertPlan(db, {
      code: 'bench-reports',
      features: ['analyses', 'reports'],
      quotas: { analyses: 1_000, reports: 1_000_000 },
      limits: { requests_per_second: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Reports bench', planCode: 'bench-reports' });
    await setReportingInstitutionCnpj(db, company.uuid, '11222333000181');
    await importRegulatoryCodes({ db }, SYSTEM_ACTOR, { companyUuid: company.uuid, csv: exampleCodesCsv() });
    const { apiKey } = await issueApiKey({ db: db }, SYSTEM_ACTOR, {
      companyUuid: company.uuid,
      scopes: ['analyses:read', 'analyses:write', 'reports:read', 'reports:write'],
    });

    const services = await startBenchServices(infra.env, dataDir);
    children.push(services);
    const call: Call = (method, pathName, body) => services.call(apiKey, method, pathName, body);

    const sync = await call('POST', '/analyses', { document: showcase.document });
    if (sync.status !== 201) throw new Error(`showcase analysis failed: ${sync.status} ${JSON.stringify(sync.body)}`);
    const large = await insertLargeAnalysis(db, company.id);
    const analyses = { showcase: sync.body.uuid as string, network_10k: large.uuid };
    log(`analyses: showcase ${analyses.showcase}, 10k network ${large.uuid} (${large.nodes} graph nodes)`);

    const results: Record<string, unknown> = {};
    for (const [name, uuid] of Object.entries(analyses)) {
      await createReports(call, uuid, 'coaf_cos', 3, []); // warm-up: JIT, pools, the worker's first workflows
      for (const type of ['coaf_cos', 'bcb_dossie']) {
        const drafts: string[] = [];
        log(`${name}: POST /reports ${type} ×${requests}`);
        const create = await withCpu(dataDir, () => createReports(call, uuid, type, requests, drafts));
        log(`${name}: finalize ${type} ×${drafts.length}`);
        const finalize = await withCpu(dataDir, () => finalizeAll(call, drafts));
        results[`${name}.${type}`] = { create, finalize, finalize_p95_le_1s: finalize.p95_ms <= 1_000 };
      }
    }
    return {
      machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      requests_per_case: requests,
      network_10k_graph_nodes: large.nodes,
      results,
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (!args.includes('--keep')) removeStackData(dataDir);
  }
}
