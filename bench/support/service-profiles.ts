import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CpuProfile, type ProfileBucket, summarizeCpuProfile } from '../../support/cpu-profile-summary';

/**
 * `--profile` of a bench: each service process it starts runs under `node --cpu-prof` into its own
 * folder, and once the process has stopped (V8 writes the profile at exit) the phase the bench
 * measured is summarized per thread, in core-ms per item (docs/benchmarks.md, "Where a sync
 * analysis' CPU goes"). The figures of a profiled run are not the product's: the profiler itself
 * costs CPU, so the bench says `profiled` and the guard does not compare it.
 */

/** Where a service's CPU goes, in the order a sample is claimed (support/cpu-profile-summary.ts). */
export const SERVICE_BUCKETS: ProfileBucket[] = [
  // Workflow threads: the workflow code itself, the SDK around it, and entering the sandbox.
  ['workflow code (bundle)', /workflow-bundle\.js/],
  ['vm.runInContext itself (the isolate watchdog)', /^runInContext $/, 'self'],
  ['Temporal workflow sandbox (SDK)', /@temporalio\/worker\/lib\/workflow\//],
  // Main thread.
  ['analysis pipeline (the work)', /^(runInOneWrite|computeOrFail|inStep) /],
  ['HTTP compression', /koa-compress|node:zlib/],
  ['Temporal worker (SDK, core bridge, rxjs)', /@temporalio\/worker|\/rxjs\/|core-bridge/],
  ['Temporal client', /@temporalio\/client|@grpc\/|start-workflow\.ts|temporal-deadline\.ts/],
  ['HTTP server and middleware', /node:_http|\/koa|api\/edge\/|api\/resources\/|api\/create-app/],
  ['database driver (knex, pg)', /\/knex\/|\/pg\/|pg-protocol|\/tarn\//],
  ['logging', /\/pino\/|logger/],
  ['module loading', /modules\/cjs\/loader|modules\/esm\/|\/tsx\//],
];

/** The `SERVICE_NODE_ARGS` that profile the next service process into `dir`. */
export function profileServiceInto(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return `--cpu-prof --cpu-prof-dir=${dir}`;
}

export type ThreadCost = {
  thread: number;
  busy_ms_per_item: number;
  buckets_ms_per_item: Record<string, number>;
  top_self_ms_per_item: { frame: string; ms: number }[];
};

/**
 * Every profile in `dir` (one per thread: `CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`),
 * summarized over `window` (µs, the `process.hrtime` clock) per item; threads that did nothing
 * in the window are left out.
 */
export function summarizeServiceProfiles(dir: string, window: { fromUs: number; toUs: number }, items: number): ThreadCost[] {
  const perItem = (s: number) => Math.round((s * 1000 * 100) / items) / 100;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => {
      const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
      const summary = summarizeCpuProfile(profile, SERVICE_BUCKETS, window, 12);
      const { idle: _idle, ...spent } = summary.buckets;
      return {
        thread: Number(file.split('.').at(-3)),
        busy_ms_per_item: perItem(summary.busy_s),
        buckets_ms_per_item: Object.fromEntries(Object.entries(spent).map(([name, s]) => [name, perItem(s)])),
        top_self_ms_per_item: summary.top_self.map(({ frame, s }) => ({ frame, ms: perItem(s) })),
      };
    })
    .filter((thread) => thread.busy_ms_per_item >= 0.05)
    .sort((a, b) => a.thread - b.thread);
}
