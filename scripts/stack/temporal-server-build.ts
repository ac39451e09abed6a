import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { projectRoot } from './stack';

/**
 * The Temporal Server release of the production topology, pinned here alone: the release the
 * pinned Temporal CLI embeds as its dev server (scripts/bootstrap/tool-pins.mjs: CLI 1.9.1 is
 * server 1.32.0), so the dev server and the production server run the same code.
 * docker-compose.yml names the same release; test/unit/scripts/stack/production-topology.test.ts
 * holds them equal (docs/deployment.md).
 */
export const TEMPORAL_SERVER_VERSION = '1.32.0';

export type TemporalServerBuild = {
  version: string;
  /** `go.temporal.io/server/cmd/server`. */
  serverBin: string;
  /** `go.temporal.io/server/cmd/tools/sql`. */
  sqlToolBin: string;
  /** The module's `schema/postgresql/v12` (persistence in `temporal/`, visibility in `visibility/`). */
  schemaDir: string;
};

export function temporalServerBuildDir(version = TEMPORAL_SERVER_VERSION): string {
  return path.join(projectRoot, '.tools', `temporal-server-${version}`);
}

function goEnv(name: string): string {
  const result = spawnSync('go', ['env', name], { encoding: 'utf8' });
  if (result.error || result.status !== 0)
    throw new Error(
      `the Go toolchain is needed to build the Temporal server (\`go env ${name}\` failed: ${result.error?.message ?? result.stderr.trim()})`,
    );
  return result.stdout.trim();
}

/**
 * The pinned server and its `temporal-sql-tool`, built once with the machine's Go from the
 * module as published (its own go.mod and go.sum, so the same dependency versions as Temporal's
 * release) into `.tools/temporal-server-<version>/`, and reused while the marker file there names
 * the version. A cold build compiles about 1,500 packages: minutes on two cores; a line every
 * 100 packages shows it moving (docs/deployment.md, "Build").
 */
export function ensureTemporalServerBuilt(
  options: { log?: (line: string) => void; version?: string; niced?: boolean } = {},
): Promise<TemporalServerBuild> {
  // One build per process however many ask (npm test starts it early and its stage awaits it).
  const version = options.version ?? TEMPORAL_SERVER_VERSION;
  let build = builds.get(version);
  if (!build) {
    build = buildTemporalServer(version, options);
    builds.set(version, build);
    build.catch(() => builds.delete(version));
  }
  return build;
}

const builds = new Map<string, Promise<TemporalServerBuild>>();

async function buildTemporalServer(
  version: string,
  options: { log?: (line: string) => void; niced?: boolean },
): Promise<TemporalServerBuild> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = temporalServerBuildDir(version);
  const marker = path.join(dir, '.version');
  const serverBin = path.join(dir, 'temporal-server');
  const sqlToolBin = path.join(dir, 'temporal-sql-tool');
  const moduleDir = await downloadedModule(version, log);
  const build = { version, serverBin, sqlToolBin, schemaDir: path.join(moduleDir, 'schema', 'postgresql', 'v12') };
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === version && existsSync(serverBin) && existsSync(sqlToolBin))
    return build;

  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'building');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  log(
    `Building Temporal Server ${version} and temporal-sql-tool with ${goEnv('GOVERSION')} into ${path.relative(projectRoot, dir)}/ (once; minutes on a small machine)…`,
  );
  const started = performance.now();
  // -v names each package as it is compiled: counted, it is the build's progress. `niced`: at the
  // lowest CPU priority, so that a build beside running tests takes only the time they leave idle.
  const goArgs = ['build', '-v', '-o', `${out}/`, './cmd/server', './cmd/tools/sql'];
  const go = spawn(options.niced ? 'nice' : 'go', options.niced ? ['-n', '19', 'go', ...goArgs] : goArgs, {
    cwd: moduleDir,
    env: {
      ...process.env,
      GOFLAGS: [process.env.GOFLAGS, '-mod=readonly', '-trimpath'].filter(Boolean).join(' '),
      CGO_ENABLED: process.env.CGO_ENABLED ?? '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let compiled = 0;
  const errors: string[] = [];
  const lines = readline.createInterface({ input: go.stderr! });
  lines.on('line', (line) => {
    if (/^[\w.-]+(\/[\w.~+-]+)*$/.test(line.trim())) {
      compiled += 1;
      if (compiled % 100 === 0) log(`  … ${compiled} packages compiled (${((performance.now() - started) / 1000).toFixed(0)}s)`);
    } else {
      errors.push(line);
    }
  });
  go.stdout!.resume();
  const code = await new Promise<number | null>((resolve) => go.on('exit', resolve));
  if (code !== 0) throw new Error(`go build of the Temporal server ${version} failed (exit ${code}):\n${errors.slice(-30).join('\n')}`);
  renameSync(path.join(out, 'server'), serverBin);
  renameSync(path.join(out, 'sql'), sqlToolBin);
  rmSync(out, { recursive: true, force: true });
  writeFileSync(marker, version);
  log(`Built Temporal Server ${version}: ${compiled} packages in ${((performance.now() - started) / 1000).toFixed(0)}s`);
  return build;
}

/** The module's source in Go's module cache (downloaded once; its schema files are read from there too). */
async function downloadedModule(version: string, log: (line: string) => void): Promise<string> {
  const moduleDir = path.join(goEnv('GOMODCACHE'), 'go.temporal.io', `server@v${version}`);
  if (existsSync(path.join(moduleDir, 'go.sum'))) return moduleDir;
  log(`Downloading go.temporal.io/server@v${version} and its dependencies…`);
  const download = spawnSync('go', ['mod', 'download', `go.temporal.io/server@v${version}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (download.status !== 0) throw new Error(`go mod download go.temporal.io/server@v${version} failed`);
  const deps = spawnSync('go', ['mod', 'download'], { cwd: moduleDir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (deps.status !== 0) throw new Error(`go mod download of the Temporal server's dependencies failed`);
  return moduleDir;
}
