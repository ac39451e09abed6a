import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

async function lintWorkflowSource(code: string): Promise<string[]> {
  // The real CLI with the project's config, as `npm run lint` runs it (ESLint's config loader
  // needs native ESM, which jest's module sandbox does not provide).
  const run = spawnSync(path.join(root, 'node_modules', '.bin', 'eslint'), ['--stdin', '--stdin-filename', 'workflows/lint-probe.ts', '--format', 'json'], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint rule that keeps I/O out of workflows/', () => {
  it.each([
    ["import fs from 'node:fs';"],
    ["import { readFile } from 'fs';"],
    ["import knex from 'knex';"],
    ["import pg from 'pg';"],
    ["import { createActivities } from '../activities';"],
    ["import { createDb } from '../db/create-db';"],
  ])('rejects %s', async (line) => {
    const messages = await lintWorkflowSource(`${line}\nexport const probe = [${line.match(/import \{?\s*(\w+)/)![1]}];\n`);
    expect(messages.some((m) => m.startsWith('@typescript-eslint/no-restricted-imports'))).toBe(true);
  }, 30_000);

  it('accepts type-only activity imports and the workflow SDK', async () => {
    const messages = await lintWorkflowSource(
      "import type { Activities } from '../activities';\nimport { proxyActivities } from '@temporalio/workflow';\nexport const a = proxyActivities<Activities>({ startToCloseTimeout: '1m' });\n",
    );
    expect(messages).toEqual([]);
  }, 30_000);
});
