import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { recordedHistories } from '../support/workflow-histories';
import { serviceBundleOptions } from '../worker/bundle-workflows';
import { flag } from './support/load';

/**
 * `npm run bench -- workflow-replay [--runs 300] [--rounds 4] [--histories analysisWorkflow/sync-completed.json,…] [--other-bundle <file>]`:
 * the worker-side CPU of one workflow run of the service's bundle — the sandbox, the SDK's
 * workflow runtime and our workflow code — with no server, database or network: each run replays
 * a recorded history (test/fixtures/histories) in a fresh workflow of the reusable sandbox, as a
 * worker runs a new workflow. `--other-bundle` (built elsewhere: `node --require tsx/cjs
 * worker/bundle-workflows.ts <file>` in a checkout of another commit) is measured in alternating
 * rounds beside this tree's bundle, so that the VM's drift falls on both (docs/throughput-ceiling.md,
 * "Modules evaluated once"). The first round is warm-up; the summary gives medians of the others.
 */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function workflowReplayBench(args: string[]): Promise<Record<string, unknown>> {
  const runs = flag(args, 'runs', 300);
  const rounds = flag(args, 'rounds', 4);
  const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
  const files = (option('histories') ?? 'analysisWorkflow/sync-completed.json,webhookDeliveryWorkflow/succeeded.json').split(',');
  const other = option('other-bundle');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const recorded = recordedHistories();
  const histories = files.map((file) => {
    const found = recorded.find((h) => h.file === file);
    if (!found) throw new Error(`--histories: no recorded history ${file} (test/fixtures/histories)`);
    return found;
  });
  const bundles: Record<string, string> = {
    this_tree: (await bundleWorkflowCode({ ...serviceBundleOptions, logger: new DefaultLogger('WARN') })).code,
    ...(other ? { other_bundle: readFileSync(path.resolve(other), 'utf8') } : {}),
  };
  /** Core-ms of this process (main and workflow threads) per replayed run. */
  const measure = async (code: string, history: (typeof histories)[number]['history']) => {
    const cpu0 = process.cpuUsage();
    let failed = 0;
    const many = Array.from({ length: runs }, (_v, i) => ({ workflowId: `replay-${i}`, history }));
    for await (const result of Worker.runReplayHistories({ workflowBundle: { code } }, many)) if (result.error) failed++;
    if (failed > 0) throw new Error(`${failed} of ${runs} replays failed: the bundle does not match the recorded history`);
    const cpu = process.cpuUsage(cpu0);
    return (cpu.user + cpu.system) / 1000 / runs;
  };
  const samples: Record<string, Record<string, number[]>> = {};
  for (let round = 0; round < rounds + 1; round++) {
    const order = round % 2 === 0 ? Object.keys(bundles) : Object.keys(bundles).reverse();
    for (const h of histories)
      for (const name of order) {
        const coreMs = await measure(bundles[name], h.history);
        if (round === 0) continue;
        ((samples[h.file] ??= {})[name] ??= []).push(Number(coreMs.toFixed(3)));
      }
    process.stderr.write(`[bench workflow-replay] round ${round} of ${rounds}${round === 0 ? ' (warm-up)' : ''} done\n`);
  }
  const perHistory = Object.fromEntries(
    Object.entries(samples).map(([file, byBundle]) => {
      const medians = Object.fromEntries(Object.entries(byBundle).map(([name, xs]) => [name, median(xs)]));
      return [
        file,
        {
          core_ms_per_run: medians,
          rounds: byBundle,
          ...(other ? { this_tree_over_other: Number((medians.this_tree / medians.other_bundle).toFixed(3)) } : {}),
        },
      ];
    }),
  );
  return {
    bench: 'workflow-replay',
    machine: { cpus: os.cpus().length, load_average_at_end: os.loadavg().map((x) => Number(x.toFixed(2))) },
    runs_per_round: runs,
    rounds,
    other_bundle: other ?? null,
    histories: perHistory,
  };
}
