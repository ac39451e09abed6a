import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU (user + system, ms) used so far by this process, its descendants (the Temporal dev server,
 * api and worker processes) and the Postgres server of `dataDir` (pg_ctl daemonizes it), per
 * component: the cost per analysis stays comparable when other engineers load the shared
 * machine, unlike throughput.
 */
export function treeCpuMs(dataDir: string): Record<string, number> {
  const stats = new Map<number, { ppid: number; ticks: number; cmd: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // fields[1] = ppid; [11..14] = utime, stime, cutime, cstime (clock ticks, 100/s on Linux)
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
        cmd,
      });
    } catch {
      // the process exited meanwhile
    }
  }
  const postmasters = new Set(
    [...stats].filter(([, s]) => s.cmd.includes(dataDir) && /postgres/.test(s.cmd) && !s.cmd.includes('pg_ctl')).map(([pid]) => pid),
  );
  const rootOf = (pid: number): 'self' | 'postgres' | undefined => {
    for (let p: number | undefined = pid; p && p > 1; p = stats.get(p)?.ppid) {
      if (p === process.pid) return 'self';
      if (postmasters.has(p)) return 'postgres';
    }
    return undefined;
  };
  const totals: Record<string, number> = { total: 0, bench_client: 0, postgres: 0, temporal: 0, api: 0, worker: 0, receiver: 0, other: 0 };
  for (const [pid, { ticks, cmd }] of stats) {
    const root = rootOf(pid);
    if (!root) continue;
    const label =
      root === 'postgres'
        ? 'postgres'
        : pid === process.pid
          ? 'bench_client'
          : cmd.includes('receiver-process')
            ? 'receiver'
            : cmd.includes('temporal')
              ? 'temporal'
              : cmd.includes('api/server')
                ? 'api'
                : cmd.includes('worker/main')
                  ? 'worker'
                  : 'other';
    totals[label] += ticks * 10;
    totals.total += ticks * 10;
  }
  return totals;
}

/** Runs `work` and adds the CPU per item (core-ms), per component, to its summary. */
export async function withCpu<T extends { count: number }>(
  dataDir: string,
  work: () => Promise<T>,
): Promise<T & { cpu_ms_per_item: Record<string, number> }> {
  const before = treeCpuMs(dataDir);
  const result = await work();
  const after = treeCpuMs(dataDir);
  const perItem = Object.fromEntries(Object.keys(after).map((k) => [k, Number(((after[k] - (before[k] ?? 0)) / result.count).toFixed(2))]));
  return { ...result, cpu_ms_per_item: perItem };
}

/** Core-ms per second of each process of the stack over the next `seconds` (an idle baseline, or whether the stack has settled). */
export async function cpuPerSecondOver(dataDir: string, seconds: number): Promise<Record<string, number>> {
  const before = treeCpuMs(dataDir);
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  const after = treeCpuMs(dataDir);
  return Object.fromEntries(Object.keys(after).map((k) => [k, Number(((after[k] - (before[k] ?? 0)) / seconds).toFixed(1))]));
}
