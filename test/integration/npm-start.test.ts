import { execSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { removeStackData } from '../../scripts/stack/postgres-location';
import { isPortOpen } from '../../scripts/stack/ports';
import { DEMO_COMPANY_UUID } from '../../scripts/stack/demo-tenant';
import { sessionRequest, signInPerson } from '../support/sign-in';
import { waitUntil } from '../support/service-process';
import { parseXml } from '../support/parse-xml';
import { checkSiscoafLayout } from '../../domain/reports/siscoaf/siscoaf-layout';
import { exampleOccurrence } from '../../support/siscoaf-example';
import { pdfText } from '../support/pdf-text';

const root = path.resolve(__dirname, '..', '..');

type Started = { output: () => string; stop: () => Promise<void> };

/** `npm start` exactly as a developer runs it, on free ports and its own data directory. */
function npmStart(env: Record<string, string>): Started {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: '', TEMPORAL_ADDRESS: '', OIDC_ISSUER_URL: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // npm itself dies of the SIGINT at once; the supervisor beneath it keeps the output pipe open
  // until it has stopped every child, so the end of the pipe marks the end of the shutdown.
  const drained = Promise.all([new Promise((r) => child.stdout!.on('end', r)), new Promise((r) => child.stderr!.on('end', r))]);
  return {
    output: () => output,
    // Ctrl-C in a terminal signals the whole foreground process group.
    stop: async () => {
      process.kill(-child.pid!, 'SIGINT');
      await drained;
    },
  };
}

/** The demo showcase's analysis yields both reports; the COS finalizes (the demo company has a CNPJ and example Siscoaf tables) and its documents read back. */
async function reportOnTheShowcase(base: string, apiKey: string, analysisUuid: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const json = (r: { bytes: Buffer }) => JSON.parse(r.bytes.toString('utf8'));
  const dossie = await call('POST', '/reports', { analysis_uuid: analysisUuid, type: 'bcb_dossie' });
  expect([dossie.status, json(dossie).status]).toEqual([201, 'draft']);
  const cos = await call('POST', '/reports', { analysis_uuid: analysisUuid, type: 'coaf_cos' });
  expect(cos.status).toBe(201);
  const uuid = json(cos).uuid;
  // The demo company has a CNPJ and the example Siscoaf tables; the officer enters the occurrence data.
  expect((await call('PUT', `/reports/${uuid}/occurrence`, exampleOccurrence(json(cos).subject.document))).status).toBe(200);
  const finalized = await call('POST', `/reports/${uuid}/finalize`);
  expect([finalized.status, finalized.bytes.toString('utf8').slice(0, 2000)]).toEqual([
    200,
    expect.stringContaining('"status":"finalized"'),
  ]);
  const text = pdfText((await call('GET', `/reports/${uuid}/document?format=pdf`)).bytes);
  for (const title of [
    'Instituição comunicante',
    'Identificação do cliente',
    'Beneficiários finais e cadeias de controle',
    'Pessoas expostas politicamente',
    'Envolvidos',
    'Enquadramentos',
    'Detalhamento da situação (Det)',
  ])
    expect(text).toContain(title);
  const xml = (await call('GET', `/reports/${uuid}/document?format=xml`)).bytes;
  expect(checkSiscoafLayout(xml)).toEqual([]);
  const occurrence = parseXml(xml.toString('latin1')).LOTE.OCORRENCIAS.OCORRENCIA;
  for (const field of ['CPFCNPJCom', 'DtInicio', 'DtFim', 'Det']) expect(occurrence[field]).toBeTruthy();
  expect(occurrence.ENQUADRAMENTOS.CodEnq.length).toBeGreaterThan(0);
  for (const party of occurrence.ENVOLVIDOS.ENVOLVIDO)
    for (const field of ['CPFCNPJEnv', 'NmEnv', 'TpEnv', 'PEP', 'ServPub', 'PObrigada']) expect(party[field]).toBeTruthy();
}

describe('npm start', () => {
  // Inside the project's own data folder: as root, PostgreSQL runs as `postgres`, which must be
  // able to reach it (a private mkdtemp folder would not be).
  const dataDir = path.join(process.env.TEST_DATA_DIR!, 'npm-start');
  mkdirSync(dataDir, { recursive: true });
  // The cluster may live outside the folder (as root in a private folder): remove both — unless
  // the test failed, when its logs (temporal.log, api.log, …) are what explains it.
  let passed = false;
  afterAll(() => passed && removeStackData(dataDir));

  it('brings the stack up, prints a working curl line, stops cleanly on Ctrl-C and reuses its data', async () => {
    // Every port 0: the stack chooses its own (retrying one taken meanwhile) and the banner tells
    // them, so this runs beside a developer's own `npm start` or another `npm test`.
    const env = {
      STACK_DATA_DIR: dataDir,
      PORT: '0',
      PGPORT: '0',
      TEMPORAL_PORT: '0',
      TEMPORAL_UI_PORT: '0',
      WORKER_METRICS_PORT: '0',
      IDENTITY_PROVIDER_PORT: '0',
    };
    const keys: string[] = [];
    for (let run = 0; run < 2; run++) {
      const started = npmStart(env);
      await waitUntil(
        () => started.output().includes('Ctrl-C stops everything') || /npm start failed/.test(started.output()),
        240_000,
        'npm start banner',
      );
      const output = started.output();
      expect(output).not.toMatch(/npm start failed/);
      const banner = (pattern: RegExp) => Number(pattern.exec(output)?.[1]);
      const ports = {
        api: banner(/API +http:\/\/127\.0\.0\.1:(\d+)/),
        temporalUi: banner(/Temporal UI +http:\/\/127\.0\.0\.1:(\d+)/),
        postgres: banner(/Postgres +postgres:\/\/[^@]+@127\.0\.0\.1:(\d+)\//),
        workerMetrics: banner(/worker: http:\/\/127\.0\.0\.1:(\d+)\/metrics/),
        identityProvider: banner(/Sign-in +http:\/\/127\.0\.0\.1:(\d+)/),
      };
      for (const port of Object.values(ports)) expect(port).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${ports.api}/readyz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${ports.temporalUi}/`)).status).toBe(200);
      const curl = output
        .split('\n')
        .find((l) => l.trim().startsWith('curl '))!
        .trim();
      const verdict = JSON.parse(execSync(curl, { encoding: 'utf8' }));
      expect(verdict.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(verdict.risk.score).toBeGreaterThanOrEqual(50); // the showcase has a PEP, a sanction and adverse media
      expect(verdict.subject.entity_type).toBe('organization');
      keys.push(/Demo API key\s+(\S+)/.exec(output)![1]);
      // One demo person per role, printed and listed in demo-users.json; the analyst signs in through the development identity provider.
      const demoUsers = JSON.parse(readFileSync(path.join(dataDir, 'demo-users.json'), 'utf8')) as {
        username: string;
        password: string;
        role: string;
      }[];
      expect(demoUsers.map((u) => u.role)).toEqual(['analyst', 'officer', 'auditor', 'admin']);
      for (const user of demoUsers)
        expect(output).toMatch(new RegExp(`${user.role} +${user.username.replace('.', '\\.')} +password ${user.password}`));
      const analyst = await signInPerson(demoUsers[0], `http://127.0.0.1:${ports.api}`);
      const who = await sessionRequest(analyst, 'GET', '/auth/session', { baseUrl: `http://127.0.0.1:${ports.api}` });
      expect(who.body).toMatchObject({ person: { roles: ['analyst'] }, company_uuid: DEMO_COMPANY_UUID });
      if (run === 0) await reportOnTheShowcase(`http://127.0.0.1:${ports.api}`, keys[0], verdict.uuid);
      await started.stop();
      expect(started.output()).toContain('Stopping: api, worker, Temporal, PostgreSQL');
      expect(started.output()).toContain('worker stopped');
      expect(started.output()).toContain('api stopped');
      for (const port of Object.values(ports)) expect(await isPortOpen(port)).toBe(false);
    }
    expect(keys[1]).toBe(keys[0]); // the same demo key still works on the second start
    passed = true;
  }, 600_000);
});
