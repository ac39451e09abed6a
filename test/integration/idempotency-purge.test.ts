import type { Client } from '@temporalio/client';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../config/config';
import { idempotencyPurgeScheduleId, idempotencyPurgeWorkflowContract } from '../../contracts/idempotency-purge-workflow-contract';
import { startWorkflow } from '../../infra/start-workflow';
import { ensureWorkflowSchedule } from '../../infra/workflow-schedule';
import { serviceSchedules } from '../../worker/service-schedules';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { temporalCliPath } from '../../scripts/stack/temporal';
import { stackEnv, testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

const operation = 'purgeProbe';

/** Keys of the test's own company, `ageHours` old by the database's clock (the clock the purge reads). */
async function insertKeys(companyId: number, prefix: string, count: number, ageHours: number): Promise<string[]> {
  const db = testDb();
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await db('idempotency_keys').insert(
    keys.map((key) => ({
      company_id: companyId,
      operation,
      key,
      request_hash: 'h',
      response_status: 202,
      response: JSON.stringify({ uuid: key }),
      created_at: db.raw('now() - make_interval(hours => ?)', [ageHours]),
    })),
  );
  return keys;
}

async function remainingKeys(companyId: number): Promise<string[]> {
  return ((await testDb()('idempotency_keys').where({ company_id: companyId, operation }).pluck('key')) as string[]).sort();
}

/** Every batch but the last was full: the loop stopped at the first statement that found fewer than a batch. */
function expectBoundedBatches(result: { deleted: number; batches: number }, batchSize: number) {
  expect(result.batches).toBeGreaterThanOrEqual(1);
  expect(result.deleted).toBeGreaterThanOrEqual((result.batches - 1) * batchSize);
  expect(result.deleted).toBeLessThan(result.batches * batchSize);
}

describe('expired Idempotency-Keys are purged by a scheduled service workflow', () => {
  let tenant: TestTenant;
  let temporal: Client;
  beforeAll(async () => {
    tenant = await createTestTenant();
    temporal = await testTemporalClient();
  });
  afterAll(async () => {
    await temporal.connection.close();
    await closeTestDb();
  });

  it('the worker created the Schedule at start: every IDEMPOTENCY_PURGE_INTERVAL, the purge workflow on its queue, overlaps skipped', async () => {
    const described = await temporal.schedule.getHandle(idempotencyPurgeScheduleId).describe();
    expect(described.spec.intervals).toMatchObject([{ every: loadConfig(stackEnv()).IDEMPOTENCY_PURGE_INTERVAL }]);
    expect(described.spec.intervals![0].offset ?? 0).toBe(0);
    expect(described.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'purgeExpiredIdempotencyKeysWorkflow',
      taskQueue: idempotencyPurgeWorkflowContract.taskQueue,
      workflowId: 'housekeeping-idempotency-purge',
      args: [{}],
    });
    expect(described.policies.overlap).toBe('SKIP');
    expect(described.state.paused).toBe(false);
  });

  it('ensuring a Schedule creates it once, leaves it when it matches, and updates a changed interval without unpausing it', async () => {
    const schedule = { ...serviceSchedules({ IDEMPOTENCY_PURGE_INTERVAL: 3_600_000 })[0], scheduleId: `test-probe-${randomUUID()}` };
    const handle = temporal.schedule.getHandle(schedule.scheduleId);
    try {
      expect(await ensureWorkflowSchedule(temporal, schedule)).toEqual({ outcome: 'created', differences: [] });
      await handle.pause('probe: never run');
      expect(await ensureWorkflowSchedule(temporal, schedule)).toEqual({ outcome: 'unchanged', differences: [] });
      expect(await ensureWorkflowSchedule(temporal, { ...schedule, everyMs: 900_000 })).toEqual({
        outcome: 'updated',
        differences: ['interval'],
      });
      const described = await handle.describe();
      expect(described.spec.intervals).toMatchObject([{ every: 900_000 }]);
      expect(described.state.paused).toBe(true);
    } finally {
      await handle.delete();
    }
  });

  it('a run deletes the expired keys in bounded batches and keeps the fresh ones; no customer can see the run', async () => {
    const expired = await insertKeys(tenant.companyId, 'expired', 7, 25);
    const fresh = [
      ...(await insertKeys(tenant.companyId, 'fresh-recent', 2, 1)),
      ...(await insertKeys(tenant.companyId, 'fresh-old', 2, 23)),
    ];
    expect(await remainingKeys(tenant.companyId)).toHaveLength(expired.length + fresh.length);

    const batchSize = 3;
    const started = await startWorkflow(temporal, idempotencyPurgeWorkflowContract, { batchSize, requestedAt: new Date().toISOString() });
    const result = await started.result();

    expectBoundedBatches(result, batchSize);
    expect(await remainingKeys(tenant.companyId)).toEqual([...fresh].sort());

    // It carries no CompanyUuid: a customer's GET /workflows/{id} finds nothing.
    const seen = await request('GET', `/workflows/${started.workflowId}`, { apiKey: tenant.apiKey });
    expect(seen.status).toBe(404);
    const described = await started.handle.describe();
    expect(described.typedSearchAttributes.getAll().map((p) => p.key.name)).not.toContain('CompanyUuid');

    // RECORD_HISTORIES=1 rewrites the recorded history the replay tests read, in the JSON the
    // Temporal CLI and UI export (the SDK's historyToJSON fails on this install's duplicated protobufjs).
    if (process.env.RECORD_HISTORIES === '1') {
      const env = stackEnv();
      const json = execFileSync(
        temporalCliPath(),
        [
          'workflow',
          'show',
          '--workflow-id',
          started.workflowId,
          '--address',
          env.TEMPORAL_ADDRESS,
          '--namespace',
          env.TEMPORAL_NAMESPACE,
          '--output',
          'json',
        ],
        { encoding: 'utf8' },
      );
      const folder = path.resolve(__dirname, '..', 'fixtures', 'histories', idempotencyPurgeWorkflowContract.workflowType);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'completed.json'), `${JSON.stringify(JSON.parse(json), null, 2)}\n`);
    }
  });

  it('ops housekeeping purge-idempotency-keys runs the same purge once, by hand', async () => {
    const expired = await insertKeys(tenant.companyId, 'cli-expired', 5, 48);
    const fresh = await insertKeys(tenant.companyId, 'cli-fresh', 1, 2);
    const before = new Set(await remainingKeys(tenant.companyId));
    for (const key of [...expired, ...fresh]) expect(before).toContain(key);

    const run = await runOps(['housekeeping', 'purge-idempotency-keys', '--batch-size', '2', '--json']);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ batch_size: 2 });
    expectBoundedBatches(run.json, 2);
    const after = await remainingKeys(tenant.companyId);
    for (const key of expired) expect(after).not.toContain(key);
    expect(after).toEqual(expect.arrayContaining(fresh));
  });

  it('the command is strict about its flag', async () => {
    const run = await runOps(['housekeeping', 'purge-idempotency-keys', '--batch-size', '0', '--json']);
    expect(run.code).toBe(2);
    expect(run.json.error).toContain('--batch-size');
  });
});
