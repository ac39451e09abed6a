import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Client, Connection } from '@temporalio/client';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb } from '../db/create-db';
import { screenNames } from '../usecases/screenings/support/screen-media-names';
import { SYSTEM_ACTOR } from '../domain/actor';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { screeningNamesOf } from '../domain/media/screening-names';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from '../scripts/stack/stack';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { withEmptyWorkflow } from './support/empty-workflow';
import { closedLoop as timed, flag, summarize, type Latencies } from './support/load';

/**
 * `npm run bench -- screening [--articles 200000] [--subjects 2000] [--requests 600] [--concurrency 8] [--rate 20] [--seconds 20] [--keep]`
 * A deterministic corpus (seeded PRNG) loaded with COPY into a throw-away stack, then:
 * (a) the engine in-process (full-text candidates + matcher), (b0) an empty workflow on the same
 * Temporal server (the orchestration ceiling of the machine at that moment), (b) POST /adverse-media → poll
 * GET (every 50 ms) until completed through api → Temporal → worker → Postgres, closed loop, (c) the same
 * at a fixed arrival rate (the target: ≥ 20 screenings/s with p95 ≤ 500 ms).
 */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];

const firstNames =
  'Maria José João Ana Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Gabriel Rafael Daniel Marcelo Bruno Eduardo Felipe Rodrigo Juliana Márcia Fernanda Patrícia Aline Sandra Camila Amanda Bruna Letícia Otávio Heitor Valdomiro Gervásio Iolanda Clarice Adalberto Tarcísio Zuleica Edvaldo'.split(
    ' ',
  );
const surnames =
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Bittencourt Vasconcelos Albuquerque Guimarães Magalhães Figueiredo Queiroz Sampaio Valadares Tavares Brandão Meireles Siqueira Quintanilha Falcão Portela Uchoa Medeiros Arruda Cordeiro'.split(
    ' ',
  );
const generic = 'Comércio Serviços Indústria Construtora Transportes Participações Engenharia Alimentos Distribuidora Logística'.split(' ');
const forms = ['Ltda', 'S.A.', 'Ltda ME', 'EIRELI', 'S/A', 'Limitada'];
const syllables = 'ra to vel qui nor ban dre lis mon tar zel cor vin bal gor pen sul ter mar cas'.split(' ');
const stories = [
  ['lavagem de dinheiro', 'foi alvo de operação da Polícia Federal contra lavagem de dinheiro e empresas de fachada'],
  ['corrupção', 'é investigado por corrupção e pagamento de propina a servidores'],
  ['fraude', 'é acusado de fraude e estelionato contra investidores'],
  ['sonegação', 'foi autuado por sonegação fiscal e crime contra a ordem tributária'],
  ['crime ambiental', 'foi multado pelo Ibama por desmatamento ilegal'],
  ['trabalho escravo', 'foi flagrado com trabalho análogo à escravidão'],
  ['money laundering', 'was charged with money laundering through shell companies'],
  ['inauguração', 'inaugurou uma nova unidade e contratou 200 pessoas'],
];
const filler = [
  'Segundo a investigação, os fatos ocorreram entre 2019 e 2022.',
  'A defesa não se manifestou até a publicação.',
  'O caso tramita em segredo de justiça.',
  'Procurada, a assessoria afirmou que colabora com as autoridades.',
  'Outros envolvidos ainda não foram identificados.',
];

type Subject = { kind: 'person' | 'organization'; name: string; variants: string[] };

function buildSubjects(count: number): Subject[] {
  const r = prng(7);
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 0) {
      const [f, m, l] = [pick(r, firstNames), pick(r, surnames), pick(r, surnames)];
      return {
        kind: 'person',
        name: `${f} ${m} ${l}`,
        variants: [`${f} ${m} ${l}`, `${f} ${m[0]}. ${l}`, `${l.toUpperCase()}, ${f} ${m}`, `${f} ${l}`],
      };
    }
    const word = () => {
      const w = Array.from({ length: 3 }, () => pick(r, syllables)).join('');
      return w[0].toUpperCase() + w.slice(1);
    };
    const [d, g, form] = [word(), pick(r, generic), pick(r, forms)];
    return {
      kind: 'organization',
      name: `${d} ${g} ${form}`,
      variants: [`${d} ${g} ${form}`, `${d.toUpperCase()} ${g.toUpperCase()} LIMITADA`, `${d} ${g}`, `${d}`],
    };
  });
}

/** One article a line in COPY text format; 40 % name a subject in some spelling, the rest are homonyms and noise. */
function* corpusLines(total: number, subjects: Subject[]): Generator<string> {
  const clean = (s: string) => s.replace(/[\t\n\\]/g, ' ');
  for (let i = 0; i < total; i++) {
    const r = prng(1_000_003 + i);
    const roll = r();
    const who =
      roll < 0.4
        ? pick(r, pick(r, subjects).variants)
        : roll < 0.8
          ? `${pick(r, firstNames)} ${pick(r, surnames)} ${pick(r, surnames)}`
          : `${pick(r, surnames)} ${pick(r, generic)} Ltda`;
    const [topic, sentence] = pick(r, stories);
    const body = [pick(r, filler), `${who} ${sentence}.`, pick(r, filler), pick(r, filler)].join(' ');
    const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(r() * 3650) * 86_400_000).toISOString();
    yield `bench-${i}\thttps://news.example/bench-${i}\t${clean(`${topic}: ${who}`)}\tBench News\t${day}\tpt\t${clean(body)}\n`;
  }
}

async function loadCorpus(db: Knex, total: number, subjects: Subject[]): Promise<number> {
  const t0 = performance.now();
  // Bulk load without the index, then build it once (what an operator does for a first import).
  await db.raw('DROP INDEX IF EXISTS media_articles_search');
  const connection = await db.client.acquireConnection();
  try {
    const stream = connection.query(
      copyFrom('COPY media_articles (article_id, url, title, source, published_at, language, body) FROM STDIN'),
    );
    await pipeline(Readable.from(corpusLines(total, subjects)), stream);
  } finally {
    await db.client.releaseConnection(connection);
  }
  await db.raw('CREATE INDEX media_articles_search ON media_articles USING gin (search_vector)');
  await db.raw('ANALYZE media_articles');
  return (performance.now() - t0) / 1000;
}

/**
 * POST, then GET every 100 ms until completed: the latency a fast polling client sees (±100 ms).
 * Faster polling would measure the API's reads more than the screenings.
 */
async function screenOverHttp(apiUrl: string, apiKey: string, entityId: number, uuids: string[]): Promise<boolean> {
  const headers = { 'X-API-Key': apiKey, 'Content-Type': 'application/json' };
  const created = await fetch(`${apiUrl}/adverse-media`, { method: 'POST', headers, body: JSON.stringify({ entity_id: entityId }) });
  const { uuid } = (await created.json()) as { uuid: string };
  if (created.status !== 202) return false;
  uuids.push(uuid);
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const read = await fetch(`${apiUrl}/adverse-media/${uuid}`, { headers });
    const body = (await read.json()) as { status: string };
    if (body.status === 'completed') return true;
    if (body.status === 'failed') return false;
  }
  return false;
}

/**
 * Where the time of a screening goes, from Temporal's own histories of the last runs: time
 * queued before a worker picked a workflow task up, task execution, and the whole workflow.
 */
async function historyBreakdown(address: string, db: Knex, sample: number): Promise<Record<string, number>> {
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection });
    const uuids = (await db('screenings').orderBy('id', 'desc').limit(sample).pluck('uuid')) as string[];
    // Local activities run inside workflow tasks: task run time = screening + publishing.
    const sums = { workflow_ms: 0, workflow_task_queue_ms: 0, workflow_task_run_ms: 0, workflow_tasks: 0 };
    for (const uuid of uuids) {
      const events = (await client.workflow.getHandle(`screening-${uuid}`).fetchHistory()).events ?? [];
      const ms = (e: any) => Number(e.eventTime.seconds) * 1000 + Math.floor((e.eventTime.nanos ?? 0) / 1e6);
      const byId = new Map(events.map((e: any) => [Number(e.eventId), e]));
      sums.workflow_ms += ms(events[events.length - 1]) - ms(events[0]);
      for (const e of events as any[]) {
        if (e.workflowTaskStartedEventAttributes)
          sums.workflow_task_queue_ms += ms(e) - ms(byId.get(Number(e.workflowTaskStartedEventAttributes.scheduledEventId)));
        if (e.workflowTaskCompletedEventAttributes) {
          sums.workflow_task_run_ms += ms(e) - ms(byId.get(Number(e.workflowTaskCompletedEventAttributes.startedEventId)));
          sums.workflow_tasks += 1;
        }
      }
    }
    return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Number((v / Math.max(1, uuids.length)).toFixed(1))]));
  } finally {
    await connection.close();
  }
}

/** The orchestration ceiling of this machine right now, closed loop (no eager start: like the API). */
async function emptyWorkflows(dataDir: string, address: string, total: number, concurrency: number): Promise<Latencies> {
  return withEmptyWorkflow(dataDir, address, async (runOnce) => {
    await timed(40, 4, () => runOnce(false));
    return timed(total, concurrency, () => runOnce(false));
  });
}

/** Server-side latency of some screenings: created → completed, and its two parts. */
async function serverSide(db: Knex, uuids: string[]): Promise<Record<string, number>> {
  const row = (
    await db.raw(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY total) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY total) AS p95,
      avg(queued) AS mean_created_to_started, avg(screening) AS mean_started_to_completed
    FROM (SELECT extract(epoch FROM completed_at - created_at) * 1000 AS total, extract(epoch FROM started_at - created_at) * 1000 AS queued,
                 extract(epoch FROM completed_at - started_at) * 1000 AS screening FROM screenings WHERE status = 'completed' AND uuid = ANY(?::uuid[])) t`,
      [uuids],
    )
  ).rows[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [`${k}`, Number(Number(v).toFixed(1))]));
}

async function atRate(rate: number, seconds: number, task: (i: number) => Promise<boolean>): Promise<Latencies> {
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  const runs: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    runs.push(
      task(i).then(
        (ok) => {
          if (ok) samples.push(performance.now() - due);
          else errors++;
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(runs);
  return summarize(samples, (performance.now() - started) / 1000, errors);
}

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const [articles, subjectCount, requests, concurrency, rate, seconds] = [
    flag(args, 'articles', 200_000),
    flag(args, 'subjects', 2_000),
    flag(args, 'requests', 600),
    flag(args, 'concurrency', 8),
    flag(args, 'rate', 20),
    flag(args, 'seconds', 20),
  ];
  const dataDir = path.join(projectRoot, '.data', `bench-screening-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = (m: string) => process.stderr.write(`[bench screening] ${m}\n`);
  const [pgPort, temporalPort, apiPort] = [await getFreePort(), await getFreePort(), await getFreePort()];
  log('starting Postgres and the Temporal dev server');
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 10 });
  try {
    const subjects = buildSubjects(subjectCount);
    const rows = subjects.map((s, i) => ({
      entity_type: s.kind,
      display_name: s.name,
      normalized_name: s.name.toUpperCase(),
      profile: '{}',
      source_key: `bench:media:${i}`,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 1000)
      ids.push(
        ...(
          await db('entities')
            .insert(rows.slice(i, i + 1000))
            .returning('id')
        ).map((r: { id: number }) => r.id),
      );
    log(`loading ${articles} articles with COPY`);
    const loadSeconds = await loadCorpus(db, articles, subjects);
    log(`corpus loaded and indexed in ${loadSeconds.toFixed(1)}s`);
    // No per-key rate cap: the bench measures what the service can do, not what one key may.
    await upsertPlan(db, {
      code: 'bench',
      features: ['adverse_media'],
      quotas: { adverse_media: 10_000_000 },
      limits: { requests_per_second: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Bench', planCode: 'bench' });
    const { apiKey } = await issueApiKey({ db: db }, SYSTEM_ACTOR, {
      companyUuid: company.uuid,
      scopes: ['adverse_media:read', 'adverse_media:write'],
    });

    log('(a) engine in-process');
    let hits = 0;
    let candidates = 0;
    const engine = (i: number) =>
      screenNames(
        db,
        screeningNamesOf({
          entity_id: ids[i % ids.length],
          entity_type: subjects[i % ids.length].kind,
          display_name: subjects[i % ids.length].name,
        }),
        new Date(),
      ).then((run) => {
        hits += run.hits.length;
        candidates += run.candidates;
        return true;
      });
    await timed(100, 4, engine);
    [hits, candidates] = [0, 0];
    const engineC1 = await timed(400, 1, (i) => engine(i * 7));
    const perScreening = { candidates: Number((candidates / 400).toFixed(1)), hits: Number((hits / 400).toFixed(1)) };
    const engineC4 = await timed(1000, 4, (i) => engine(i * 13));

    log('(b0) empty workflow: the orchestration ceiling');
    const empty = await emptyWorkflows(dataDir, infra.env.TEMPORAL_ADDRESS, requests, concurrency);
    log('(b, c) POST /adverse-media → GET until completed, through the stack');
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env = {
      ...infra.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      WORKFLOW_BUNDLE_PATH: bundlePath,
      LOG_LEVEL: 'warn',
      DATABASE_POOL_MAX: '20',
    };
    children.push(startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') }));
    const api = startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') });
    children.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForReady(apiUrl, 120_000, api.exited);
    const [warmUuids, closedUuids, openUuids]: string[][] = [[], [], []];
    const http = (uuids: string[]) => (i: number) => screenOverHttp(apiUrl, apiKey, ids[(i * 7919) % ids.length], uuids);
    await timed(60, 4, http(warmUuids)); // warm-up: JIT, pools, worker caches
    const closed = await timed(requests, concurrency, http(closedUuids));
    const open = await atRate(rate, seconds, (i) => http(openUuids)(i + 100_000));
    const breakdown = await historyBreakdown(infra.env.TEMPORAL_ADDRESS, db, 50);
    const closedServer = await serverSide(db, closedUuids);
    const openServer = await serverSide(db, openUuids);
    return {
      corpus: { articles, subjects: subjectCount, load_and_index_seconds: Number(loadSeconds.toFixed(1)), per_screening: perScreening },
      machine: {
        cpus: (await import('node:os')).cpus().length,
        node: process.version,
        load_average_1m_at_end: Number((await import('node:os')).loadavg()[0].toFixed(2)),
      },
      a_engine_in_process: { c1: engineC1, c4: engineC4 },
      b0_empty_workflow_closed_loop: { concurrency, ...empty },
      b_http_closed_loop: { concurrency, client: closed, server_ms: closedServer },
      b_over_b0_throughput_ratio: Number((closed.per_second / empty.per_second).toFixed(3)),
      c_http_fixed_rate: { rate_per_second: rate, client: open, server_ms: openServer },
      mean_of_last_50_from_temporal_history: breakdown,
      targets: {
        throughput_ge_20_per_s: { value: closed.per_second, met: closed.per_second >= 20 },
        p95_le_500ms_at_20_per_s: { value: open.p95_ms, met: open.p95_ms <= 500 && open.errors === 0 },
      },
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (!args.includes('--keep')) removeStackData(dataDir);
  }
}
