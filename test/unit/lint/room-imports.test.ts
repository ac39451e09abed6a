import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

type Room = { imports: string[]; typeOnly?: string[] };
type Probe = { filename: string; code: string };

/**
 * Lints every probe as if it were the file `filename`, with the project's config as `npm run lint`
 * uses it, in one child process (ESLint's config loader needs native ESM, which jest's module
 * sandbox does not provide). The type-aware rules are switched off: a probe is no file of a
 * TypeScript program, and the room rule reads imports, not types.
 */
function lintAll(probes: Probe[]): { messages: string[][]; rooms: Record<string, Room> } {
  const script = `
    import { pathToFileURL } from 'node:url';
    import { ESLint } from 'eslint';
    const root = process.cwd();
    const { typeAwareRules } = await import(pathToFileURL(root + '/eslint.config.mjs').href);
    const { rooms } = await import(pathToFileURL(root + '/lint/room-imports.mjs').href);
    const off = Object.fromEntries(Object.keys(typeAwareRules).map((rule) => [rule, 'off']));
    const eslint = new ESLint({ cwd: root, overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: off } });
    const messages = [];
    for (const probe of JSON.parse(process.env.PROBES)) {
      const [result] = await eslint.lintText(probe.code, { filePath: root + '/' + probe.filename });
      messages.push(result.messages.filter((m) => m.ruleId === 'rooms/room-imports' || m.fatal).map((m) => m.message));
    }
    process.stdout.write(JSON.stringify({ messages, rooms }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PROBES: JSON.stringify(probes) },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const use = (line: string) => `${line}\nexport const probe = [${line.match(/import (?:type )?\{?\s*(\w+)/)![1]}];\n`;

const rejected: [string, string, string][] = [
  ['domain/ imports only domain/', 'domain/scoring/probe.ts', "import { createDb } from '../../db/create-db';"],
  ['domain/ imports no I/O package', 'domain/probe.ts', "import knex from 'knex';"],
  ['domain/ imports no file system', 'domain/graph/probe.ts', "import { readdirSync, readFileSync } from 'node:fs';"],
  ['domain/ does not import contracts/', 'domain/probe.ts', "import { taskQueues } from '../contracts/task-queues';"],
  ['domain/ does not import config/', 'domain/probe.ts', "import { loadConfig } from '../config/config';"],
  ['contracts/ stay pure', 'contracts/probe.ts', "import { createDb } from '../db/create-db';"],
  ['contracts/ import domain/ as types only', 'contracts/probe.ts', "import { scopes } from '../domain/tenancy';"],
  ['workflows/ no Node built-ins', 'workflows/probe.ts', "import fs from 'node:fs';"],
  ['workflows/ no database driver', 'workflows/probe.ts', "import pg from 'pg';"],
  ['workflows/ activities as types only', 'workflows/probe.ts', "import { createActivities } from '../activities';"],
  ['workflows/ no db', 'workflows/probe.ts', "import { createDb } from '../db/create-db';"],
  [
    'workflows/ no use cases',
    'workflows/analyses/probe.ts',
    "import { createSyncAnalysis } from '../../usecases/analyses/create-analysis';",
  ],
  ['activities/ never import api/', 'activities/probe.ts', "import { createApp } from '../api/create-app';"],
  ['activities/ never import db/', 'activities/probe.ts', "import { createDb } from '../db/create-db';"],
  ['usecases/ never import api/', 'usecases/analyses/probe.ts', "import { createApp } from '../../api/create-app';"],
  ['usecases/ never import workflows/', 'usecases/probe.ts', "import { analysisWorkflow } from '../workflows/analysis-workflow';"],
  ['usecases/ never import importers/', 'usecases/watchlists/probe.ts', "import { importCnpj } from '../../importers/rf/import-cnpj';"],
  ['db/ never imports infra/', 'db/repositories/probe.ts', "import { sealSecret } from '../../infra/secret-box';"],
  ['db/ never imports api/', 'db/probe.ts', "import { createApp } from '../api/create-app';"],
  ['db/ never imports config/', 'db/repositories/watchlists/probe.ts', "import { loadConfig } from '../../../config/config';"],
  ['infra/ holds adapters only', 'infra/probe.ts', "import { publishWebhookEvent } from '../usecases/webhooks/publish-webhook-event';"],
  ['infra/ never imports db/', 'infra/probe.ts', "import { createDb } from '../db/create-db';"],
  ['api/ never imports activities/', 'api/routes/probe.ts', "import { createActivities } from '../../activities';"],
  ['api/ never imports workflow values', 'api/probe.ts', "import { analysisWorkflow } from '../workflows/analysis-workflow';"],
  ['api/ never imports ops/', 'api/resources/watchlists/probe.ts', "import { runCli } from '../../../ops/cli';"],
  ['worker/ never imports api/', 'worker/probe.ts', "import { createApp } from '../api/create-app';"],
  ['importers/ never import api/', 'importers/rf/probe.ts', "import { createApp } from '../../api/create-app';"],
  [
    'importers/ never import use cases',
    'importers/watchlists/probe.ts',
    "import { createSyncAnalysis } from '../../usecases/analyses/create-analysis';",
  ],
  ['generator/ never imports db/', 'generator/probe.ts', "import { createDb } from '../db/create-db';"],
  ['ops/ never imports scripts/', 'ops/commands/probe.ts', "import { startPostgres } from '../../scripts/stack/postgres';"],
  ['ops/ never imports api/', 'ops/probe.ts', "import { createApp } from '../api/create-app';"],
  ['config/ never imports db/', 'config/probe.ts', "import { createDb } from '../db/create-db';"],
  ['support/ never imports test/', 'support/probe.ts', "import { request } from '../test/support/http';"],
  ['support/ never imports db/', 'support/probe.ts', "import { createDb } from '../db/create-db';"],
  ['scripts/ never import test/', 'scripts/stack/probe.ts', "import { request } from '../../test/support/http';"],
  ['scripts/ never import bench/', 'scripts/probe.ts', "import summarize from '../bench/analyses';"],
  ['bench/ does not import test/', 'bench/probe.ts', "import { request } from '../test/support/http';"],
  ['console/ never imports the server', 'console/src/views/probe.tsx', "import { createApp } from '../../../api/create-app';"],
  ['console/ imports domain/ as types only', 'console/src/logic/probe.ts', "import { entityNodeKey } from '../../../domain/graph/keys';"],
  ['console/ imports no Node built-ins', 'console/src/logic/probe.ts', "import { readdirSync, readFileSync } from 'node:fs';"],
  ['lint/ is self-contained', 'lint/probe.mjs', "import { rooms } from '../domain/tenancy';"],
  ['test/ imports only rooms', 'test/unit/probe.test.ts', "import { compose } from '../../deploy/compose';"],
  ['a folder without a row is no room', 'deploy/probe.ts', "import { createDb } from '../db/create-db';"],
];

const accepted: [string, string, string][] = [
  [
    'workflows/ import activities as types and the workflow SDK',
    'workflows/probe.ts',
    "import type { Activities } from '../activities';\nimport { proxyActivities } from '@temporalio/workflow';\nexport const a = proxyActivities<Activities>({ startToCloseTimeout: '1m' });\n",
  ],
  [
    'workflows/ import their contract',
    'workflows/probe.ts',
    use("import { analysisWorkflowContract } from '../contracts/analysis-workflow-contract';"),
  ],
  ['contracts/ read domain/ types', 'contracts/probe.ts', "import type { Scope } from '../domain/tenancy';\nexport type S = Scope;\n"],
  [
    'api/ imports workflow types',
    'api/probe.ts',
    "import type { analysisWorkflow } from '../workflows/analysis-workflow';\nexport type W = typeof analysisWorkflow;\n",
  ],
  [
    'api/ calls use cases',
    'api/resources/analyses/probe.ts',
    use("import { createSyncAnalysis } from '../../../usecases/analyses/create-analysis';"),
  ],
  ['api/ reads db/', 'api/routes/probe.ts', use("import { createDb } from '../../db/create-db';")],
  ['domain/ hashes with node:crypto', 'domain/probe.ts', use("import { createHash } from 'node:crypto';")],
  ['activities/ call use cases', 'activities/probe.ts', use("import { createSyncAnalysis } from '../usecases/analyses/create-analysis';")],
  ['usecases/ write through db/', 'usecases/watchlists/probe.ts', use("import { createDb } from '../../db/create-db';")],
  ['db/ reads domain/', 'db/repositories/watchlists/probe.ts', use("import { scopes } from '../../../domain/tenancy';")],
  ['infra/ reads config/', 'infra/probe.ts', use("import { loadConfig } from '../config/config';")],
  ['worker/ opens the database it composes', 'worker/probe.ts', use("import { createDb } from '../db/create-db';")],
  ['importers/ write through db/', 'importers/watchlists/probe.ts', use("import { createDb } from '../../db/create-db';")],
  ['generator/ reads domain/', 'generator/probe.ts', use("import { scopes } from '../domain/tenancy';")],
  ['ops/ runs importers', 'ops/commands/probe.ts', use("import { importCnpj } from '../../importers/rf/import-cnpj';")],
  ['config/ reads domain/', 'config/probe.ts', use("import { scopes } from '../domain/tenancy';")],
  ['support/ imports itself', 'support/probe.ts', use("import { startWebhookReceiver } from './webhook-receiver';")],
  ['support/ builds fixtures with domain/', 'support/probe.ts', use("import { normalizeName } from '../domain/names/normalize-name';")],
  ['scripts/ build the OpenAPI document', 'scripts/probe.ts', use("import { buildOpenApiDocument } from '../api/openapi';")],
  ['scripts/ seed through use cases', 'scripts/stack/probe.ts', use("import { issueApiKey } from '../../usecases/tenancy/issue-api-key';")],
  ['scripts/ use support/', 'scripts/stack/probe.ts', use("import { startWebhookReceiver } from '../../support/webhook-receiver';")],
  [
    'bench/ uses scripts/ and support/',
    'bench/probe.ts',
    "import { projectRoot } from '../scripts/stack/stack';\nimport { startWebhookReceiver } from '../support/webhook-receiver';\nexport const probe = [projectRoot, startWebhookReceiver];\n",
  ],
  [
    'console/ reads domain/ types',
    'console/src/logic/probe.ts',
    "import type { GraphNode } from '../../../domain/graph/types';\nexport type N = GraphNode;\n",
  ],
  ['lint/ uses Node built-ins', 'lint/probe.mjs', "import path from 'node:path';\nexport const probe = [path];\n"],
  [
    'test/ imports every room',
    'test/unit/probe.test.ts',
    "import { rooms } from '../../lint/room-imports.mjs';\nimport { createApp } from '../../api/create-app';\nexport const probe = [rooms, createApp];\n",
  ],
  [
    'a file at the root belongs to no room',
    'probe.mjs',
    "import { rooms } from './lint/room-imports.mjs';\nexport const probe = [rooms];\n",
  ],
];

/** The table of docs/architecture.md: room → the rooms it may import, and those it may import as types only. */
function readDocumentedRooms(): Record<string, Room> {
  const text = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
  const section = text.slice(text.indexOf('## The rooms and what each may import'));
  const rows = section.split('\n').filter((line) => /^\| `[a-z]+\/` \|/.test(line));
  const folders = (cell: string) => [...cell.matchAll(/`([a-z]+)\/`/g)].map((m) => m[1]);
  return Object.fromEntries(
    rows.map((row) => {
      const [, room, , mayImport] = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const [values, types = ''] = mayImport.split('types only:');
      return [folders(room)[0], { imports: folders(values), typeOnly: folders(types) }];
    }),
  );
}

describe('the layering rules of docs/architecture.md', () => {
  let result: { messages: string[][]; rooms: Record<string, Room> };
  beforeAll(() => {
    result = lintAll(
      [...rejected, ...accepted].map(([, filename, code]) => ({
        filename,
        code: code.includes('export const probe') || code.includes('export type') ? code : use(code),
      })),
    );
  }, 120_000);

  it.each(rejected.map((row, i) => [...row, i] as const))('%s: rejects %s', (_rule, _filename, _code, i) => {
    expect(result.messages[i]).toEqual([expect.stringMatching(/\(this imports .+\)\.$|is not a room of docs\/architecture\.md/)]);
  });

  it.each(accepted.map((row, i) => [...row, rejected.length + i] as const))('%s', (_rule, _filename, _code, i) => {
    expect(result.messages[i]).toEqual([]);
  });

  it('has a violating probe for every room', () => {
    const probed = new Set(rejected.map(([, filename]) => filename.split('/')[0]));
    expect(Object.keys(result.rooms).filter((room) => !probed.has(room))).toEqual([]);
  });

  it('the table of docs/architecture.md says what the rule enforces, room by room', () => {
    const enforced = Object.fromEntries(
      Object.entries(result.rooms).map(([room, r]) => [room, { imports: [...r.imports].sort(), typeOnly: [...(r.typeOnly ?? [])].sort() }]),
    );
    const documented = Object.fromEntries(
      Object.entries(readDocumentedRooms()).map(([room, r]) => [
        room,
        { imports: [...r.imports].sort(), typeOnly: [...(r.typeOnly ?? [])].sort() },
      ]),
    );
    expect(documented).toEqual(enforced);
  });

  it('the table has a row for every top-level folder that holds code, and no other', () => {
    const skipped = new Set(['node_modules', 'dist', 'coverage', 'bench-results']);
    const holdsCode = (dir: string): boolean =>
      readdirSync(dir, { withFileTypes: true }).some((e) =>
        e.isDirectory() ? !skipped.has(e.name) && holdsCode(path.join(dir, e.name)) : /\.(ts|tsx|mts|mjs|js|cjs)$/.test(e.name),
      );
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !skipped.has(e.name) && holdsCode(path.join(root, e.name)))
      .map((e) => e.name);
    expect(Object.keys(readDocumentedRooms()).sort()).toEqual(folders.sort());
  });

  it('the db/ row names every repository folder', () => {
    const text = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
    const row = text.split('\n').find((line) => line.startsWith('| `db/` |'))!;
    const named = [...row.matchAll(/`(?:repositories\/)?([a-z-]+)\/`/g)]
      .map((m) => m[1])
      .filter((name) => name !== 'db' && name !== 'domain' && name !== 'repositories');
    const folders = readdirSync(path.join(root, 'db', 'repositories'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect([...new Set(named)].sort()).toEqual(folders.sort());
  });
});
