import { spawnSync } from 'node:child_process';

/**
 * Which endpoints this server has, asked before the tests are declared so that a case needing
 * a missing one is declared with `it.skip` (reported as skipped, never as passed). Synchronous
 * because jest collects tests synchronously. Without a key, a route that exists answers 401;
 * one that does not answers the router's 404 or 405.
 */
export type EndpointProbe = { name: string; method: string; path: string };

export function probeEndpointsSync(apiUrl: string, probes: EndpointProbe[]): Record<string, boolean> {
  const script = `
    const [base, probes] = [process.argv[1], JSON.parse(process.argv[2])];
    Promise.all(probes.map((p) => fetch(base + p.path, { method: p.method }).then((r) => [p.name, r.status === 401], () => [p.name, false])))
      .then((rows) => process.stdout.write(JSON.stringify(Object.fromEntries(rows))));`;
  const run = spawnSync(process.execPath, ['-e', script, apiUrl, JSON.stringify(probes)], { encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`endpoint probe failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
