import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
    responses: { '200': { description: 'an item', content: { 'application/json': { schema: item } } }, '422': { description: 'not an id', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
});
const document = { openapi: '3.1.0', info: { title: 'broken on purpose', version: '1' }, paths: { '/crash': operation('answers 500'), '/teapot': operation('answers 418'), '/broken': operation('answers a body its schema refuses') } };

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

describe('the fuzzing stage', () => {
  let server: http.Server;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-stage-'));
    server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (url === '/openapi.json') return answer(res, 200, { ...document, servers: [{ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }] });
      const id = /[?&]id=(\d+)(&|$)/.exec(url)?.[1];
      if (id === undefined || Number(id) > 1000) return answer(res, 422, { detail: 'not an id' });
      if (url.startsWith('/crash')) return answer(res, 500, { detail: 'internal error' });
      if (url.startsWith('/teapot')) return answer(res, 418, { detail: 'undocumented' });
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
    const run = await runSchemathesis({ schemaUrl: `http://127.0.0.1:${port}/openapi.json`, outDir: dir, maxTimeSeconds: 10, seed: 1, args: ['--checks', 'all', '--workers', '1', '--phases', 'examples,coverage,fuzzing'] });
    expect(run.code).not.toBe(0);
    expect(run.log).toMatch(/ST101 Server error/);
    expect(run.log).toMatch(/ST103 Undocumented status code/);
    expect(run.log).toMatch(/Response violates schema|ST108/);
  }, 120_000);
});
