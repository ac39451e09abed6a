import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startFairnessStack } from './support/fairness-stack';
import { benchTenant, type BenchTenant, http } from './support/fairness-tenants';
import { treeCpuMs } from './support/cpu';
import { closedLoop, flag } from './support/load';

/**
 * `npm run bench -- batches [--rows 100000] [--entities 100000] [--sync 2000] [--upload-rows 1000000] [--concurrency 4]`
 * (docs/batches.md, docs/benchmarks.md). In one run, on its own throw-away stack:
 * 1. the c=16 sync `POST /analyses` throughput of company Y, quiet (the per-core yardstick);
 * 2. Y's sync p95 at c=2, quiet;
 * 3. company X's batch of `rows` distinct subjects (NDJSON by entity_id): rows/s from 202 to
 *    completed, while Y's sync p95 at c=2 is measured again (target ≤ 2× quiet);
 * 4. X uploads a file of `upload-rows` rows streamed from a generator: the time to accept it and
 *    the api's peak RSS meanwhile (sampled from /proc every 50 ms; target ≤ 300 MB); then canceled.
 * "Per core" is measured as CPU: the stack's core-ms (api, worker, Temporal, Postgres; not this
 * client) per sync analysis at c=16, against per batch row — the batch phase's core-ms less Y's
 * calls meanwhile at their quiet c=2 cost — because Y's load shares the cores with the batch.
 */
export default async function batchesBench(args: string[]): Promise<Record<string, unknown>> {
  const [rows, syncCount, uploadRows, concurrency] = [
    flag(args, 'rows', 100_000),
    flag(args, 'sync', 2000),
    flag(args, 'upload-rows', 1_000_000),
    flag(args, 'concurrency', 4),
  ];
  const entities = flag(args, 'entities', Math.max(rows, 100_000));
  const log = (m: string) => process.stderr.write(`[bench batches] ${m}\n`);
  log(`stack with ${entities} entities`);
  const { apiUrl, apiPid, db, subjects, stop, dataDir } = await startFairnessStack({
    fairness: true,
    entities,
    env: { ANALYSIS_BATCH_CONCURRENCY: String(concurrency) },
  });
  try {
    const [x, y] = [await benchTenant(db, 'batch-x', 0), await benchTenant(db, 'batch-y', 0)];
    const sync = (n: number, c: number, offset: number) =>
      closedLoop(
        n,
        c,
        async (i) =>
          (await http(apiUrl, y.apiKey, 'POST', '/analyses', { entity_id: subjects[(offset + i * 7919) % subjects.length] })).status ===
          201,
      );

    log('warm-up, then Y alone: c=16 throughput and c=2 p95');
    await sync(100, 4, 0);
    const stackCpuMs = () => {
      const cpu = treeCpuMs(dataDir);
      return cpu.total - cpu.bench_client;
    };
    let cpu0 = stackCpuMs();
    const syncC16 = await sync(syncCount, 16, 1);
    const syncCoreMs = (stackCpuMs() - cpu0) / syncC16.count;
    cpu0 = stackCpuMs();
    const quiet = await sync(Math.ceil(syncCount / 4), 2, 2);
    const quietCoreMs = (stackCpuMs() - cpu0) / quiet.count;

    log(`X's batch of ${rows} rows, Y's sync c=2 meanwhile`);
    const file =
      Array.from({ length: rows }, (_v, i) =>
        JSON.stringify({ entity_id: subjects[i % subjects.length], client_reference: `bench-${i}` }),
      ).join('\n') + '\n';
    const batchCpu0 = stackCpuMs();
    const t0 = performance.now();
    const created = await upload(apiUrl, x, file);
    const acceptedMs = performance.now() - t0;
    let finished = false;
    const during = (async () => {
      const samples = [];
      while (!finished) samples.push(await sync(100, 2, 3 + samples.length));
      return samples;
    })();
    const done = await until(async () => {
      const batch = (await http(apiUrl, x.apiKey, 'GET', `/analysis-batches/${created.uuid}`)).body;
      return batch.status === 'completed' ? batch : undefined;
    });
    const batchSeconds = (performance.now() - t0) / 1000;
    finished = true;
    const duringSamples = await during;
    const yCallsDuring = duringSamples.reduce((sum, sample) => sum + sample.count, 0);
    const batchCoreMsPerRow = (stackCpuMs() - batchCpu0 - yCallsDuring * quietCoreMs) / rows;
    const perCore = syncCoreMs / batchCoreMsPerRow;
    const duringP95 = percentileOfSamples(duringSamples.map((s) => s.p95_ms));

    log(`X uploads ${uploadRows} rows, streamed; the api's RSS sampled`);
    // The api's RSS before the upload: what its embedded worker and the batch above left resident.
    const rssBeforeMb = sampleRss(apiPid).stop();
    const rss = sampleRss(apiPid);
    const u0 = performance.now();
    const big = await uploadStream(apiUrl, x, uploadRows, (i) => `{"entity_id":${subjects[i % subjects.length]}}\n`);
    const uploadSeconds = (performance.now() - u0) / 1000;
    const peakRssMb = rss.stop();
    await http(apiUrl, x.apiKey, 'POST', `/analysis-batches/${big.uuid}/cancel`);

    const cores = os.cpus().length;
    const rowsPerSecond = rows / batchSeconds;
    const ratio = duringP95 / quiet.p95_ms;
    return {
      bench: 'batches',
      settings: {
        rows,
        entities,
        distinct_subjects: Math.min(rows, subjects.length),
        batch_concurrency: concurrency,
        y_sync_calls: syncCount,
        upload_rows: uploadRows,
      },
      machine: { cpus: cores, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      sync_c16: { ...syncC16, core_ms_per_analysis: Number(syncCoreMs.toFixed(1)) },
      batch: {
        accepted_ms: Number(acceptedMs.toFixed(0)),
        seconds: Number(batchSeconds.toFixed(1)),
        rows_per_second: Number(rowsPerSecond.toFixed(1)),
        core_ms_per_row: Number(batchCoreMsPerRow.toFixed(1)),
        core_ms_per_row_is: `the stack's core-ms from the upload to the last window of Y's calls, less ${yCallsDuring} calls of Y at ${quietCoreMs.toFixed(1)} core-ms (their quiet c=2 cost), over the rows`,
        counts: done.counts,
        risk_levels: done.risk_levels,
      },
      y_sync_c2: {
        quiet,
        during_batch_p95_ms: duringP95,
        during_batch_p95_is: `the median of the p95 of ${duringSamples.length} windows of 100 calls`,
        during_batch_windows: duringSamples,
      },
      upload: {
        rows: uploadRows,
        accept_seconds: Number(uploadSeconds.toFixed(1)),
        status: big.status,
        api_rss_before_mb: rssBeforeMb,
        api_peak_rss_mb: peakRssMb,
        api_rss_growth_mb: Number((peakRssMb - rssBeforeMb).toFixed(1)),
      },
      targets: {
        batch_at_least_as_fast_as_sync_c16_per_core: {
          value: Number(perCore.toFixed(2)),
          met: perCore >= 1,
        },
        batch_rows_per_second_over_sync_c16_wall_clock: Number((rowsPerSecond / syncC16.per_second).toFixed(2)),
        y_sync_p95_within_2x_quiet: { value: Number(ratio.toFixed(2)), met: ratio <= 2 },
        api_peak_rss_le_300mb: { value: peakRssMb, met: peakRssMb <= 300 },
      },
    };
  } finally {
    await stop();
  }
}

async function upload(apiUrl: string, tenant: BenchTenant, file: string): Promise<{ uuid: string }> {
  const response = await fetch(`${apiUrl}/analysis-batches?name=bench`, {
    method: 'POST',
    headers: { 'X-API-Key': tenant.apiKey, 'Content-Type': 'application/x-ndjson' },
    body: file,
  });
  if (response.status !== 202) throw new Error(`POST /analysis-batches: ${response.status} ${await response.text()}`);
  return (await response.json()) as { uuid: string };
}

/** A file of `count` lines produced as it is sent: the bench never holds it either. */
async function uploadStream(
  apiUrl: string,
  tenant: BenchTenant,
  count: number,
  line: (i: number) => string,
): Promise<{ uuid: string; status: number }> {
  let i = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i >= count) return controller.close();
      let chunk = '';
      for (let n = 0; n < 2000 && i < count; n++) chunk += line(i++);
      controller.enqueue(encoder.encode(chunk));
    },
  });
  const response = await fetch(`${apiUrl}/analysis-batches?name=bench-upload`, {
    method: 'POST',
    headers: { 'X-API-Key': tenant.apiKey, 'Content-Type': 'application/x-ndjson' },
    body,
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json()) as { uuid: string };
  return { uuid: answer.uuid, status: response.status };
}

/** The process's resident set size (VmRSS) every 50 ms until stopped: the peak, in MB. */
function sampleRss(pid: number): { stop: () => number } {
  let peakKb = 0;
  const read = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peakKb = Math.max(peakKb, Number(match[1]));
  };
  read();
  const timer = setInterval(read, 50);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return Number((peakKb / 1024).toFixed(1));
    },
  };
}

function percentileOfSamples(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.5 * sorted.length))];
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 6 * 3600_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for the batch');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
