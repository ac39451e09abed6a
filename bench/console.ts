import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createDb } from '../db/create-db';
import { chromiumArgs, chromiumPath } from '../scripts/stack/chromium';
import { ensureConsoleBuilt } from '../scripts/stack/console-build';
import { getFreePort } from '../scripts/stack/ports';
import { projectRoot, startInfrastructure } from '../scripts/stack/stack';
import { lastMeasure, measureCountAbove, nodeCountAbove } from '../support/console-page';
import { seedExpandableGraph } from './support/console-graph';
import { startBenchServices } from './support/bench-services';

/**
 * `npm run bench -- console [--loads=5] [--expansions=5] [--fan-out=20,20,6,1]`: the analyst
 * console in headless Chromium on a graph of ≥ 5,000 nodes served by the real stack. Figures
 * come from the browser's own performance marks set by the app (console/src/logic/perf-marks.ts):
 * time to interactive (graph view opened → drawn and clickable) and the redraw of an expansion
 * (answer received → added nodes drawn), plus the whole expansion round trip.
 */
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const round = (x: number) => Math.round(x * 10) / 10;
const stats = (xs: number[]) => ({
  runs: xs.length,
  p50_ms: round(percentile(xs, 50)),
  max_ms: round(Math.max(...xs)),
  all_ms: xs.map(round),
});
const flag = (args: string[], name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

export default async function benchConsole(args: string[]): Promise<Record<string, unknown>> {
  const loads = Number(flag(args, 'loads', '5'));
  const expansions = Number(flag(args, 'expansions', '5'));
  const fanOut = flag(args, 'fan-out', '20,20,6,1').split(',').map(Number);
  await ensureConsoleBuilt();
  const dataDir = path.join(projectRoot, '.data', `bench-console-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const infra = await startInfrastructure({
    dataDir,
    pgPort: await getFreePort(),
    temporalPort: await getFreePort(),
    durable: false,
    echo: false,
  });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 4 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  try {
    const services = await startBenchServices(infra.env, dataDir, { nodeEnv: 'test' });
    children.push(services);
    const { apiUrl } = services;

    const { uuid, apiKey, hubs, graph } = await seedExpandableGraph(db, { expansions, fanOut });

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${apiUrl}/console/`);
    await page.fill('#api-key', apiKey);
    await page.press('#api-key', 'Enter');
    await page.waitForSelector('[data-testid=company-name]');

    const tti: number[] = [];
    const fetchParse: number[] = [];
    const draw: number[] = [];
    const sinceNavigation: number[] = [];
    for (let i = 0; i < loads; i++) {
      await page.goto(`${apiUrl}/console/analyses/${uuid}/graph`);
      await page.waitForSelector('[data-testid=graph-canvas][data-ready=true]', { timeout: 60_000 });
      await page.waitForFunction(measureCountAbove, ['console:graph-tti', 0] as [string, number]);
      tti.push(await lastMeasure(page, 'console:graph-tti'));
      fetchParse.push(await lastMeasure(page, 'console:graph-fetch'));
      draw.push(await lastMeasure(page, 'console:graph-draw'));
      sinceNavigation.push(await page.evaluate(`performance.getEntriesByName('console:graph-interactive')[0].startTime`));
    }
    const redraw: number[] = [];
    const total: number[] = [];
    for (const hub of hubs) {
      const before = Number(await page.getAttribute('[data-testid=graph-canvas]', 'data-node-count'));
      await page.fill('[data-testid=node-search]', hub.name);
      await page.click(`[data-node-key="entity:${hub.id}"]`);
      await page.click('[data-testid=expand]');
      await page.waitForFunction(nodeCountAbove, before, { timeout: 60_000 });
      await page.waitForFunction(measureCountAbove, ['console:expand-total', total.length] as [string, number]);
      redraw.push(await lastMeasure(page, 'console:expand-redraw'));
      total.push(await lastMeasure(page, 'console:expand-total'));
    }
    const ttiStats = stats(tti);
    const redrawStats = stats(redraw);
    return {
      load_average: loadavg().map(round),
      graph_nodes: graph.graph.nodes.length,
      graph_edges: graph.graph.edges.length,
      graph_json_bytes: JSON.stringify(graph).length,
      time_to_interactive: { ...ttiStats, target_ms: 1500, meets_target: ttiStats.p50_ms <= 1500 },
      of_which_fetch_and_parse: stats(fetchParse),
      of_which_model_layout_and_first_frame: stats(draw),
      navigation_to_interactive: stats(sinceNavigation),
      expansion_redraw: { ...redrawStats, target_ms: 300, meets_target: redrawStats.p50_ms <= 300 },
      expansion_round_trip: stats(total),
      page_errors: errors,
    };
  } finally {
    await browser.close();
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
