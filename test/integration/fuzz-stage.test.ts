import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../scripts/stack/stack';
import { runSchemathesis } from '../../scripts/stack/schemathesis-run';

/**
 * The fuzzing stage fails on what it is there to find (docs/testing.md): the installed
 * Schemathesis, run as the stage runs it, against a small API that answers 500 on one operation, a
 * status its document does not list on another, and a body that breaks its schema on a third.
 */
const item = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
const operation = (summary: string) => ({
  get: {
    summary,
    parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 0, maximum: 1000 } }],
    responses: {
      '200': { description: 'an item', content: { 'application/json': { schema: item } } },
      '422': { description: 'not an id', content: { 'application/json': { schema: { type: 'object' } } } },
    },
  },
});
const search = {
  get: {
    summary: 'refuses a long query in the HTTP server, as Node does past its head limit',
    parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 8, pattern: '^[a-z]+$' } }],
    responses: {
      '200': { description: 'found', content: { 'application/json': { schema: item } } },
      '422': { description: 'not a query', content: { 'application/json': { schema: { type: 'object' } } } },
      '431': { description: 'request head too large; no body' },
    },
  },
};
const document = {
  openapi: '3.1.0',
  info: { title: 'broken on purpose', version: '1' },
  paths: {
    '/crash': operation('answers 500'),
    '/teapot': operation('answers 418'),
    '/broken': operation('answers a body its schema refuses'),
    '/fine': operation('answers as documented'),
    '/search': search,
  },
};

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

describe('the fuzzing stage', () => {
  let server: http.Server;
  let dir: string;
  /** Every request the server received, in order: method and target. */
  let received: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-stage-'));
    server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (url !== '/openapi.json') received.push(`${req.method} ${url}`);
      if (req.method !== 'GET') {
        res.writeHead(405, { Allow: 'GET', 'Content-Type': 'application/json' });
        return void res.end('{}');
      }
      if (url === '/openapi.json')
        return answer(res, 200, { ...document, servers: [{ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }] });
      if (url.startsWith('/search')) {
        const q = new URL(url, 'http://x').searchParams.get('q');
        // A query over the schema's maximum stands for a head over Node's limit: 431, no body.
        if (q !== null && q.length > 8) return void res.writeHead(431, { Connection: 'close' }).end();
        return q && /^[a-z]+$/.test(q) ? answer(res, 200, { n: q.length }) : answer(res, 422, { detail: 'not a query' });
      }
      const id = /[?&]id=(\d+)(&|$)/.exec(url)?.[1];
      if (id === undefined || Number(id) > 1000) return answer(res, 422, { detail: 'not an id' });
      if (url.startsWith('/crash')) return answer(res, 500, { detail: 'internal error' });
      if (url.startsWith('/teapot')) return answer(res, 418, { detail: 'undocumented' });
      if (url.startsWith('/fine')) return answer(res, 200, { n: Number(id) });
      return answer(res, 200, { n: 'not an integer' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails on a server error, an undocumented status and a response that breaks its schema', async () => {
    const port = (server.address() as AddressInfo).port;
    const run = await runSchemathesis({
      schemaUrl: `http://127.0.0.1:${port}/openapi.json`,
      outDir: dir,
      maxExamples: 10,
      seed: 1,
      args: [
        '--checks',
        'all',
        '--workers',
        '1',
        '--phases',
        'examples,coverage,fuzzing',
        '--include-path-regex',
        '^/(crash|teapot|broken)$',
      ],
    });
    expect(run.code).not.toBe(0);
    expect(run.log).toMatch(/ST101 Server error/);
    expect(run.log).toMatch(/ST103 Undocumented status code/);
    expect(run.log).toMatch(/Response violates schema|ST108/);
  }, 120_000);

  const runOn = (seed: number, options: { configFile?: string; path: string }) =>
    runSchemathesis({
      schemaUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`,
      outDir: dir,
      maxExamples: 15,
      seed,
      configFile: options.configFile,
      args: ['--checks', 'all', '--workers', '1', '--phases', 'examples,coverage,fuzzing', '--include-path-regex', options.path],
    });

  it('generates the same requests for the same seed and count, whatever the time they take, and others for another seed', async () => {
    const requestsOf = async (seed: number) => {
      received = [];
      const run = await runOn(seed, { path: '^/fine$' });
      expect(run.code).toBe(0);
      return received;
    };
    const first = await requestsOf(7);
    const again = await requestsOf(7);
    const other = await requestsOf(8);
    expect(first.length).toBeGreaterThan(15);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  }, 180_000);

  it("counts a 431 from the HTTP server as a refusal of invalid data with the stage's settings, and fails on it without them", async () => {
    const stage = await runOn(3, { path: '^/search$', configFile: path.join(projectRoot, 'scripts', 'fuzz', 'schemathesis.toml') });
    expect(received.some((r) => /^GET \/search\?q=[^&]{9,}/.test(r))).toBe(true);
    expect(stage.log).not.toMatch(/ST201|Invalid data should have been rejected/);
    expect(stage.code).toBe(0);
    const bare = path.join(dir, 'bare.toml');
    writeFileSync(bare, 'workers = 1\n');
    const withoutSetting = await runOn(3, { path: '^/search$', configFile: bare });
    expect(withoutSetting.log).toMatch(/Invalid data should have been rejected/);
    expect(withoutSetting.code).not.toBe(0);
  }, 180_000);
});
