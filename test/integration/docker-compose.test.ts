import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import { configSchema } from '../../config/config';
import { customSearchAttributes } from '../../contracts/search-attributes';
import { taskQueueFairnessSettings } from '../../contracts/work-priority';
import { devServerFeatureArgs } from '../../scripts/stack/temporal';
import { runOps } from '../support/cli';

const root = path.resolve(__dirname, '..', '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const configKeys = new Set(Object.keys(configSchema.shape));
const requiredKeys = Object.entries(configSchema.shape)
  .filter(([, schema]) => !(schema as any).safeParse(undefined).success)
  .map(([key]) => key);

describe('docker-compose.yml: the production topology', () => {
  it('has the Temporal server on Postgres with its schema job, namespace setup and UI, the Postgres of all three databases, migrate, api and worker', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api', 'migrate', 'postgres', 'temporal', 'temporal-namespace', 'temporal-schema', 'temporal-ui', 'worker'].sort(),
    );
    expect(compose.services.temporal.image).toMatch(/^temporalio\/server:/);
    expect(JSON.stringify(compose)).not.toContain('auto-setup');
    expect(compose.services['temporal-schema'].image).toMatch(/^temporalio\/admin-tools:/);
    expect(compose.services['temporal-schema'].command.join('\n')).toContain('setup-schema');
    expect(compose.services.temporal.depends_on['temporal-schema'].condition).toBe('service_completed_successfully');
    expect(compose.services['temporal-ui'].ports).toContain('8233:8080');
    expect(compose.services.api.build).toBe('.');
    expect(compose.services.worker.build).toBe('.');
  });

  it('turns on Task Queue Priority and Fairness on the Temporal server, as the dev server has them', () => {
    const temporal = compose.services.temporal;
    const [hostFile, mountedAt] = temporal.volumes.find((v: string) => v.includes('dynamic-config')).split(':');
    expect(temporal.environment.DYNAMIC_CONFIG_FILE_PATH).toBe(mountedAt);
    const dynamicConfig = parse(readFileSync(path.join(root, hostFile), 'utf8'));
    for (const [key, value] of Object.entries(taskQueueFairnessSettings)) expect(dynamicConfig[key]).toEqual([{ value }]);
    expect(devServerFeatureArgs()).toEqual(
      Object.entries(taskQueueFairnessSettings).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${value}`]),
    );
  });

  it('registers every custom search attribute the code uses', () => {
    const script = compose.services['temporal-namespace'].command.join('\n');
    for (const [name, type] of Object.entries(customSearchAttributes)) {
      expect(script).toContain(`--name ${name} --type ${type}`);
    }
  });

  it.each(['api', 'worker', 'migrate'])('gives %s an environment the configuration schema accepts', (service) => {
    const env = compose.services[service].environment as Record<string, string>;
    // The schema owner's URL is the migration's alone (the ops CLI reads it: docs/deployment.md, "Roles").
    for (const key of Object.keys(env).filter((k) => service !== 'migrate' || k !== 'DATABASE_OWNER_URL'))
      expect(configKeys).toContain(key);
    for (const key of requiredKeys) expect(env).toHaveProperty(key);
    const parsed = configSchema.safeParse({ ...env, WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') });
    expect(parsed.success).toBe(true);
    // Addresses point at services of the file, on the ports they serve.
    const [temporalHost, temporalPort] = env.TEMPORAL_ADDRESS.split(':');
    expect(compose.services[temporalHost]).toBeDefined();
    expect(compose.services[temporalHost].ports).toContain(`${temporalPort}:${temporalPort}`);
    expect(compose.services[new URL(env.DATABASE_URL).hostname]).toBeDefined();
  });

  it('publishes the api on the port it listens on', () => {
    const env = compose.services.api.environment;
    expect(compose.services.api.ports).toContain(`${env.PORT}:${env.PORT}`);
    expect(env.HOST).toBe('0.0.0.0');
  });

  it('runs an ops command that exists: db migrate', async () => {
    expect(compose.services.migrate.command.slice(4, 6)).toEqual(['db', 'migrate']);
    const result = await runOps(['db', 'migrate', '--json']);
    expect(result.code).toBe(0);
    expect(result.json.applied).toEqual([]); // the stack already migrated
    expect(result.json.total).toBeGreaterThan(1);
  });

  it('builds an image of what runs in production only: no scripts/, bench/, support/ or test/, and nothing shipped imports them', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const shipped = [...dockerfile.matchAll(/^COPY (\S+) \.\/\1$/gm)].map((m) => m[1]);
    expect(shipped).toEqual(expect.arrayContaining(['config', 'db', 'api', 'worker', 'ops']));
    for (const dev of ['scripts', 'bench', 'support', 'test']) {
      expect(shipped).not.toContain(dev);
      expect(readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n')).toContain(dev);
    }
    const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const files = shipped.flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => path.join(dir, f)),
    );
    const outside: string[] = [];
    for (const file of files) {
      for (const [, ...specs] of readFileSync(path.join(root, file), 'utf8').matchAll(
        /^(?:import|export)\b[^;']*?\bfrom '([^']+)'|^import '([^']+)'|\b(?:import|require)\('([^']+)'\)/gm,
      )) {
        const spec = specs.find(Boolean)!;
        const target = spec.startsWith('.') ? path.relative(root, path.resolve(root, path.dirname(file), spec)).split(path.sep)[0] : null;
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (target !== null ? !shipped.includes(target) : !builtinModules.includes(spec.replace(/^node:/, '')) && !dependencies[pkg])
          outside.push(`${file}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
    for (const service of ['migrate', 'api', 'worker'])
      expect(shipped).toContain((compose.services[service].command as string[]).find((arg) => arg.endsWith('.ts'))!.split('/')[0]);
  });

  it("runs the image on Node 22 LTS, with engines that this machine's Node satisfies", () => {
    expect(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(/^FROM node:22-bookworm-slim$/m);
    const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const [, major, minor] = /^>=(\d+)\.(\d+)$/.exec(engines.node)!.map(Number);
    const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
    expect(nodeMajor > major || (nodeMajor === major && nodeMinor >= minor)).toBe(true);
    expect(major).toBeLessThanOrEqual(22); // the image's Node satisfies them too
  });
});
