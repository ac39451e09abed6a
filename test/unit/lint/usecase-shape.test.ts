import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const checker = path.join(root, 'lint', 'usecase-shape.mjs');

function treeOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usecase-shape-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** What the checker reports for a tree (native ESM: run as `npm run lint` runs it). */
function reported(files: Record<string, string>): string[] {
  const run = spawnSync(process.execPath, [checker, treeOf(files)], { encoding: 'utf8' });
  const lines = run.stderr.split('\n').filter((l) => l.includes(': '));
  expect(run.status).toBe(lines.length > 0 ? 1 : 0);
  return lines;
}

const file = 'usecases/things/create-thing.ts';
const shaped = 'export async function createThing(deps: D, actor: A, input: I): Promise<void> {}';

describe('use cases have one shape (lint/usecase-shape.mjs)', () => {
  it.each([
    ['one (deps, actor, input) function', shaped, []],
    ['an arrow function of that shape', 'export const createThing = async (deps: D, actor: A, input: I) => {};', []],
    ['types beside the entry point', `export type Thing = { a: 1 };\nexport interface Other { b: 2 }\n${shaped}`, []],
    ['an unexported helper beside it', `function helper(x: number) { return x; }\n${shaped}`, []],
    [
      'overload signatures count once',
      `export function createThing(deps: D, actor: A, input: 1): void;\nexport function createThing(deps: D, actor: A, input: 2): void;\nexport function createThing(deps: D, actor: A, input: any) {}`,
      [],
    ],
    ['two entry points', `${shaped}\nexport async function deleteThing(deps: D, actor: A, input: I) {}`, ['exports 2 functions']],
    ['no entry point', 'export type Thing = 1;', ['exports 0 functions']],
    [
      'an actor missing',
      'export async function createThing(deps: D, input: I) {}',
      ['createThing(deps, input) is not (deps, actor, input)'],
    ],
    [
      'an unused actor renamed',
      'export async function createThing(deps: D, _actor: A, input: I) {}',
      ['createThing(deps, _actor, input) is not (deps, actor, input)'],
    ],
    [
      'a fourth parameter',
      'export async function createThing(deps: D, actor: A, input: I, heartbeat: H) {}',
      ['is not (deps, actor, input)'],
    ],
    [
      'the old (db, actor, …) shape',
      'export async function createThing(db: X, actor: A, operation: O, logger: L) {}',
      ['is not (deps, actor, input)'],
    ],
    ['a factory', 'export function createThing(deps: D) { return async () => {}; }', ['is not (deps, actor, input)']],
    ['an exported value', `export const LIMIT = 3;\n${shaped}`, ['exports the value LIMIT']],
    ['an exported class', `export class ThingError extends Error {}\n${shaped}`, ['exports the value ThingError']],
  ])('%s', (_name, text, expected) => {
    const lines = reported({ [file]: text });
    expect(lines).toHaveLength(expected.length);
    expected.forEach((fragment, i) => expect(lines[i]).toContain(fragment));
  });

  it('skips support/ folders: helpers shared by the use cases of an aggregate', () => {
    expect(reported({ 'usecases/things/support/thing-helpers.ts': 'export function a(x: number) {}\nexport const B = 1;' })).toEqual([]);
  });

  it.each([
    [
      'a transaction',
      "export const run = async ({ db }) => (await db()).transaction(async (trx) => trx('plans').insert({}));",
      ['opens a transaction'],
    ],
    ['the audit writer', "import { recordAuditEvent } from '../../usecases/audit/record-audit-event';", ['appends audit events itself']],
    [
      'the audit repository',
      "import { appendAuditEvent } from '../../db/repositories/audit/audit-event-repository';",
      ['appends audit events itself'],
    ],
    ['a use case', "import { createPlan } from '../../usecases/tenancy/create-plan';\n// a comment about .transaction( is no call", []],
  ])('an ops command calling %s', (_name, text, expected) => {
    const lines = reported({ 'ops/commands/thing-commands.ts': text });
    expect(lines).toHaveLength(expected.length);
    expected.forEach((fragment, i) => expect(lines[i]).toContain(fragment));
  });

  it('passes on this repository', () => {
    const run = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
