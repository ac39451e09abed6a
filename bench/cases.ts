import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { caseWorkflowContract } from '../contracts/case-workflow-contract';
import { createDb } from '../db/create-db';
import { upsertSignedInPerson } from '../db/repositories/people/person-repository';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { scopesOfRoles } from '../domain/roles';
import { SYSTEM_ACTOR } from '../domain/actor';
import { scopes } from '../domain/tenancy';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure } from '../scripts/stack/stack';
import { startCaseWorkflow } from '../usecases/cases/support/record-new-case';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { cpuPerSecondOver, withCpu } from './support/cpu';
import { closedLoop, flag } from './support/load';
import { startBenchServices } from './support/bench-services';

/**
 * `npm run bench -- cases [--open 2000] [--actions 400] [--concurrency 8] [--idle-seconds 30] [--keep]`:
 * on the real stack (api → Temporal update → worker on the `cases` queue → Postgres):
 *  - opening: `--open` cases, each a row and its workflow (started as the service starts one);
 *  - idle: with every one of them asleep on its due-date timer, the CPU of the whole stack over
 *    `--idle-seconds`, per open case (expected: none beyond the stack's own idle cost);
 *  - actions: notes, then decision by a company key + approval by an officer's personal key (four eyes), actions/s and latency.
 */
export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const open = flag(args, 'open', 2_000);
  const actions = flag(args, 'actions', 400);
  const concurrency = flag(args, 'concurrency', 8);
  const idleSeconds = flag(args, 'idle-seconds', 30);
  const dataDir = path.join(projectRoot, '.data', `bench-cases-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = (m: string) => process.stderr.write(`[bench cases] ${m}\n`);
  const infra = await startInfrastructure({
    dataDir,
    pgPort: await getFreePort(),
    temporalPort: await getFreePort(),
    durable: false,
    echo: false,
  });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 8 });
  try {
    await upsertPlan(db, { code: 'bench-cases', features: [], quotas: {}, limits: { requests_per_second: 1_000_000 } });
    const company = await createCompany(db, { name: 'Cases bench', planCode: 'bench-cases' });
    const decider = await issueApiKey({ db }, SYSTEM_ACTOR, { companyUuid: company.uuid, scopes: [...scopes], name: 'decider' });
    // Only a person approves (docs/people-and-cases.md, "Four eyes"): an officer's personal key.
    const officer = await upsertSignedInPerson(db, {
      companyId: company.id,
      issuer: 'bench',
      subject: 'officer',
      name: 'Bench officer',
      email: null,
      roles: ['officer'],
    });
    const approver = await issueApiKey({ db }, SYSTEM_ACTOR, {
      companyUuid: company.uuid,
      scopes: [...scopesOfRoles(['officer'])],
      name: 'approver',
      personUuid: officer.uuid,
    });

    const services = await startBenchServices(infra.env, dataDir);
    children.push(services);
    const { call } = services;
    const temporal = new Client({
      connection: await Connection.connect({ address: infra.env.TEMPORAL_ADDRESS }),
      namespace: infra.env.TEMPORAL_NAMESPACE,
    });

    const idleCpuOver = (seconds: number) => cpuPerSecondOver(dataDir, seconds);
    // The worker's first minute (workflow bundle, JIT, pollers) is not idle: let it pass first.
    log('warming up for 45 s');
    await new Promise((r) => setTimeout(r, 45_000));
    log(`idle for ${idleSeconds} s without cases (the stack's own idle cost)`);
    const idleWithout = await idleCpuOver(idleSeconds);

    // Opening: the row and the workflow, as usecases/cases/open-case.ts does (without an analysis to open it on).
    const caseUuids: string[] = [];
    const dueAt = new Date(Date.now() + 30 * 86_400_000);
    log(`opening ${open} cases`);
    const opening = await withCpu(dataDir, () =>
      closedLoop(
        open,
        concurrency,
        async () => {
          const uuid = randomUUID();
          await db('cases').insert({
            uuid,
            company_id: company.id,
            status: 'open',
            priority: 'high',
            risk_level: 'high',
            analysis_uuid: randomUUID(),
            subject: JSON.stringify({ entity_id: 1, entity_type: 'organization', document: null, name: 'BENCH' }),
            reason: 'bench',
            opened_by: JSON.stringify({ type: 'system', id: 'bench', name: 'bench' }),
            due_at: dueAt,
            workflow_id: caseWorkflowContract.workflowId({ companyUuid: company.uuid, caseUuid: uuid }),
          });
          await startCaseWorkflow({ temporal }, { uuid }, company.uuid);
          caseUuids.push(uuid);
          return true;
        },
        'open',
      ),
    );
    // Every case asleep on its timer before the idle window starts: its first task (beginCase, the
    // case.opened publication) done, which on a loaded machine lags the starts. Quiet = the worker and
    // Temporal back within 1.5× (+20 ms/s) of their idle cost without cases, for 2 s; at most 3 min.
    const busyOf = (cpu: Record<string, number>) => (cpu.worker ?? 0) + (cpu.temporal ?? 0);
    const quietDeadline = Date.now() + 180_000;
    let drained = 0;
    while (Date.now() < quietDeadline) {
      drained += 2;
      if (busyOf(await idleCpuOver(2)) <= busyOf(idleWithout) * 1.5 + 20) break;
    }
    log(`the opened cases settled after ${drained} s`);
    log(`idle for ${idleSeconds} s with ${caseUuids.length} open cases`);
    const idleWith = await idleCpuOver(idleSeconds);

    log(`${actions} notes, then decisions and approvals`);
    const notes = await withCpu(dataDir, () =>
      closedLoop(
        actions,
        concurrency,
        async (i) =>
          (await call(decider.apiKey, 'POST', `/cases/${caseUuids[i % caseUuids.length]}/notes`, { text: `note ${i}` })).status === 200,
        'notes',
      ),
    );
    const pairs = Math.min(actions / 2, caseUuids.length);
    const decisions = await withCpu(dataDir, () =>
      closedLoop(
        pairs,
        concurrency,
        async (i) =>
          (await call(decider.apiKey, 'POST', `/cases/${caseUuids[i]}/decision`, { outcome: 'reject', rationale: 'bench' })).status === 200,
        'decisions',
      ),
    );
    const approvals = await withCpu(dataDir, () =>
      closedLoop(
        pairs,
        concurrency,
        async (i) => (await call(approver.apiKey, 'POST', `/cases/${caseUuids[i]}/approval`, { approve: true })).status === 200,
        'approvals',
      ),
    );
    const closed = Number((await db('cases').where({ company_id: company.id, status: 'closed' }).count<{ n: string }[]>({ n: '*' }))[0].n);
    return {
      machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      open_cases: caseUuids.length,
      settled_after_seconds: drained,
      opening,
      idle: {
        seconds: idleSeconds,
        cpu_ms_per_second_without_cases: idleWithout,
        cpu_ms_per_second_with_cases: idleWith,
        // What the open cases add to the stack's idle cost, per case (noise can make it negative).
        added_cpu_ms_per_second_per_open_case: Number((((idleWith.total ?? 0) - (idleWithout.total ?? 0)) / caseUuids.length).toFixed(5)),
      },
      actions: { concurrency, notes, decisions, approvals, closed_by_four_eyes: closed },
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (!args.includes('--keep')) removeStackData(dataDir);
  }
}
