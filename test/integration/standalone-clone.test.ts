import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getFreePort, isPortOpen } from '../../scripts/stack/ports';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const asRoot = process.getuid?.() === 0;

/** What the clone must not lean on: this run's stack, and jest's own worker settings. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'API_URL', 'TEST_DATA_DIR', 'STACK_ENV_FILE', 'JEST_WORKER_ID']) delete env[key];
  return env;
}

// Started through tsx exactly as the local stack starts it, then removed as throw-away data.
const postgresProbe = `import { realpathSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../scripts/stack/postgres';
import { removeStackData } from '../scripts/stack/postgres-location';

async function main() {
  const dataDir = path.join(__dirname, 'probe');
  const handle = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: Number(process.argv[2]), database: 'entity_risk', durable: false });
  try {
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    const { rows } = await client.query('SELECT 1 AS one');
    await client.end();
    console.log(JSON.stringify({ one: rows[0].one, clusterDir: realpathSync(path.join(dataDir, 'postgres')) }));
  } finally {
    await handle.stop();
    removeStackData(dataDir);
  }
}
main();
`;

/**
 * The repository stands alone: a clone of its committed HEAD in a private (0700) folder, with
 * no sibling \`shared/\`, passes the unit suite; as root, the local stack's PostgreSQL initialises
 * there too, although the \`postgres\` user it runs as cannot traverse that folder.
 */
describe('a fresh clone in a private folder', () => {
  let parent: string;
  let app: string;

  beforeAll(async () => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'era-clone-'));
    chmodSync(parent, 0o700);
    app = path.join(parent, 'app');
    await run('git', ['clone', '--quiet', '--no-hardlinks', root, app]);
    // This checkout's modules (same lock file) instead of minutes of `npm ci`.
    symlinkSync(path.join(root, 'node_modules'), path.join(app, 'node_modules'));
  }, 60_000);

  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('is the committed HEAD, alone in a 0700 folder', async () => {
    const head = async (cwd: string) => (await run('git', ['rev-parse', 'HEAD'], { cwd })).stdout.trim();
    expect(await head(app)).toBe(await head(root));
    expect(statSync(parent).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(parent, 'shared'))).toBe(false);
  });

  it('passes the unit suite', async () => {
    const results = path.join(parent, 'unit-results.json');
    const jest = spawnSync('npx', ['jest', '--selectProjects', 'unit', '--ci', '--json', `--outputFile=${results}`], {
      cwd: app,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    const summary = JSON.parse(readFileSync(results, 'utf8'));
    const failures = summary.testResults
      .filter((r: any) => r.status !== 'passed')
      .map((r: any) => `${r.name}: ${r.message.slice(0, 2000)}`);
    expect(failures).toEqual([]);
    expect(jest.status).toBe(0);
    expect(summary.numPassedTests).toBeGreaterThan(100);
    const files: string[] = summary.testResults.map((r: any) => r.name);
    expect(files.every((f) => f.startsWith(`${app}${path.sep}`))).toBe(true);
    expect(files).toContain(path.join(app, 'test', 'unit', 'domain', 'entity-store', 'bods-mapping.test.ts'));
  }, 240_000);

  (asRoot ? it : it.skip)(
    "as root, initialises and starts the local stack's PostgreSQL there, then removes it",
    async () => {
      const traversable = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', app]).status === 0;
      expect(traversable).toBe(false); // what made initdb fail before
      mkdirSync(path.join(app, '.data'), { recursive: true });
      writeFileSync(path.join(app, '.data', 'postgres-probe.ts'), postgresProbe);
      const port = await getFreePort();
      const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(app, '.data', 'postgres-probe.ts'), String(port)], {
        cwd: app,
        env: cleanEnv(),
      });
      const probe = JSON.parse(stdout.trim().split('\n').pop()!);
      expect(probe.one).toBe(1);
      expect(probe.clusterDir).toMatch(/^\/var\/tmp\/entity-risk-[0-9a-f]{12}\/probe\/postgres$/);
      expect(existsSync(probe.clusterDir)).toBe(false);
      expect(existsSync(path.join(app, '.data', 'probe'))).toBe(false);
      expect(await isPortOpen(port)).toBe(false);
    },
    120_000,
  );
});
