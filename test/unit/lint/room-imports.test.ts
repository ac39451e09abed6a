import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/** Lints `code` as if it were the file `filename`, with the project's config, as `npm run lint` does. */
function lint(filename: string, code: string): string[] {
  // The real CLI (ESLint's config loader needs native ESM, which jest's module sandbox does not provide).
  const run = spawnSync(path.join(root, 'node_modules', '.bin', 'eslint'), ['--stdin', '--stdin-filename', filename, '--format', 'json'], { cwd: root, input: code, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === 'rooms/room-imports').map((m) => m.message);
}

const use = (line: string) => `${line}\nexport const probe = [${line.match(/import (?:type )?\{?\s*(\w+)/)![1]}];\n`;

describe('the layering rules of docs/architecture.md', () => {
  it.each([
    ['domain/ imports only domain/ and pure libraries', 'domain/scoring/probe.ts', "import { createDb } from '../../db/create-db';"],
    ['domain/ imports no I/O package', 'domain/probe.ts', "import knex from 'knex';"],
    ['domain/ imports no file system', 'domain/graph/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['domain/ does not import contracts/', 'domain/probe.ts', "import { taskQueues } from '../contracts/task-queues';"],
    ['api/ never imports activities/', 'api/routes/probe.ts', "import { createActivities } from '../../activities';"],
    ['api/ never imports workflow values', 'api/probe.ts', "import { analysisWorkflow } from '../workflows/analysis-workflow';"],
    ['activities/ never import api/', 'activities/probe.ts', "import { createApp } from '../api/create-app';"],
    ['importers/ never import api/', 'importers/rf/probe.ts', "import { createApp } from '../../api/create-app';"],
    ['db/ never imports infra/', 'db/repositories/probe.ts', "import { sealSecret } from '../../infra/secret-box';"],
    ['db/ never imports api/', 'db/probe.ts', "import { createApp } from '../api/create-app';"],
    ['ops/ never imports scripts/', 'ops/commands/probe.ts', "import { startPostgres } from '../../scripts/stack/postgres';"],
    ['usecases/ never import api/', 'usecases/analyses/probe.ts', "import { createApp } from '../../api/create-app';"],
    ['usecases/ never import workflows/', 'usecases/probe.ts', "import { analysisWorkflow } from '../workflows/analysis-workflow';"],
    ['workflows/ no Node built-ins', 'workflows/probe.ts', "import fs from 'node:fs';"],
    ['workflows/ no database driver', 'workflows/probe.ts', "import pg from 'pg';"],
    ['workflows/ activities as types only', 'workflows/probe.ts', "import { createActivities } from '../activities';"],
    ['workflows/ no db', 'workflows/probe.ts', "import { createDb } from '../db/create-db';"],
    ['infra/ holds adapters only', 'infra/probe.ts', "import { publishWebhookEvent } from '../usecases/webhooks/publish-webhook-event';"],
    ['bench/ does not import test/', 'bench/probe.ts', "import { request } from '../test/support/http';"],
    ['contracts/ stay pure', 'contracts/probe.ts', "import { createDb } from '../db/create-db';"],
    ['console/ never imports the server', 'console/src/views/probe.tsx', "import { createApp } from '../../../api/create-app';"],
    ['console/ imports domain/ as types only', 'console/src/logic/probe.ts', "import { entityNodeKey } from '../../../domain/graph/keys';"],
  ])('%s: rejects %s', (_rule, filename, line) => {
    expect(lint(filename, use(line)).length).toBe(1);
  }, 30_000);

  it.each([
    ['workflows/ import activities as types and the workflow SDK', 'workflows/probe.ts', "import type { Activities } from '../activities';\nimport { proxyActivities } from '@temporalio/workflow';\nexport const a = proxyActivities<Activities>({ startToCloseTimeout: '1m' });\n"],
    ['api/ imports workflow types', 'api/probe.ts', "import type { analysisWorkflow } from '../workflows/analysis-workflow';\nexport type W = typeof analysisWorkflow;\n"],
    ['api/ calls use cases', 'api/routes/probe.ts', use("import { createSyncAnalysis } from '../../usecases/analyses/create-analysis';")],
    ['domain/ hashes with node:crypto', 'domain/probe.ts', use("import { createHash } from 'node:crypto';")],
    ['console/ reads domain/ types', 'console/src/logic/probe.ts', "import type { GraphNode } from '../../../domain/graph/types';\nexport type N = GraphNode;\n"],
    ['workflows/ import their contract', 'workflows/probe.ts', use("import { analysisWorkflowContract } from '../contracts/analysis-workflow-contract';")],
  ])('%s', (_rule, filename, code) => {
    expect(lint(filename, code)).toEqual([]);
  }, 30_000);
});
