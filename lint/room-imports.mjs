import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * The rooms of the code base and what each may import (docs/architecture.md). One rule instead of
 * a pattern per folder: every relative import is resolved to the top-level folder it lands in,
 * so `../../db/x` from api/routes/ and `../db/x` from api/ are judged alike.
 */
const projectFolders = ['activities', 'api', 'bench', 'config', 'console', 'contracts', 'db', 'domain', 'generator', 'importers', 'infra', 'lint', 'ops', 'scripts', 'test', 'usecases', 'worker', 'workflows'];
const nodeBuiltins = builtinModules.flatMap((m) => [m, `node:${m}`]);
const ioPackages = ['knex', 'pg', 'pg-copy-streams', 'pino', 'koa', '@koa/router', '@temporalio/client', '@temporalio/worker', '@temporalio/activity', '@temporalio/workflow', 'csv-parse', 'yauzl', 'iconv-lite'];
const except = (...allowed) => projectFolders.filter((f) => !allowed.includes(f));

/** folder → { folders it may not import, packages it may not import, folders it may import as types only (values forbidden) }. */
export const rooms = {
  domain: {
    why: 'domain/ is pure: it imports only domain/ and pure libraries',
    folders: except('domain'),
    packages: [...ioPackages, '@temporalio/common', ...nodeBuiltins.filter((m) => m !== 'crypto' && m !== 'node:crypto')],
  },
  contracts: {
    why: 'contracts/ are pure workflow contracts: domain/ types and @temporalio/common only',
    folders: except('contracts', 'domain'),
    packages: [...ioPackages, ...nodeBuiltins],
  },
  workflows: {
    why: 'workflows/ run in the deterministic sandbox: no I/O modules, activities as types only',
    folders: except('workflows', 'contracts', 'domain'),
    packages: [...ioPackages.filter((p) => p !== '@temporalio/workflow'), ...nodeBuiltins],
    typeOnly: ['activities'],
  },
  api: { why: 'api/ calls use cases; it never imports activities/ or workflow values', folders: ['activities', 'scripts', 'bench', 'test', 'ops', 'importers'], typeOnly: ['workflows'] },
  activities: { why: 'activities/ are thin adapters over use cases: never api/, never db/ directly', folders: ['api', 'db', 'scripts', 'bench', 'test', 'ops', 'worker'] },
  usecases: { why: 'usecases/ tell the write paths; they never import api/, activities/, workflows/ or worker/', folders: ['api', 'activities', 'workflows', 'worker', 'scripts', 'bench', 'test', 'ops'] },
  db: { why: 'db/ holds repositories: never infra/, api/ or the rooms above them', folders: ['infra', 'api', 'usecases', 'activities', 'workflows', 'worker', 'ops', 'scripts', 'bench', 'test', 'importers'] },
  infra: { why: 'infra/ holds adapters only', folders: ['api', 'usecases', 'activities', 'workflows', 'worker', 'db', 'ops', 'scripts', 'bench', 'test', 'importers'] },
  importers: { why: 'importers/ never import api/', folders: ['api', 'activities', 'workflows', 'worker', 'scripts', 'bench', 'test'] },
  ops: { why: 'ops/ ships in the image and reads configuration through config/: never scripts/', folders: ['scripts', 'bench', 'test', 'api'] },
  worker: { why: 'worker/ composes workers; it never imports api/', folders: ['api', 'scripts', 'bench', 'test', 'ops'] },
  bench: { why: 'bench/ does not import test/', folders: ['test'] },
  console: {
    why: 'console/ is a browser client of the public API: it imports nothing of the server but domain/ types',
    folders: except('console'),
    packages: [...ioPackages, '@temporalio/common', ...nodeBuiltins],
    typeOnly: ['domain'],
  },
};

function roomOf(root, file) {
  return path.relative(root, file).split(path.sep)[0];
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  return node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type');
}

export const roomImportsRule = {
  meta: { type: 'problem', schema: [], messages: { forbidden: '{{why}} (this imports {{target}}).' } },
  create(context) {
    const root = context.cwd ?? process.cwd();
    const file = context.filename ?? context.getFilename();
    const room = rooms[roomOf(root, file)];
    if (!room) return {};
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) {
        const folder = roomOf(root, path.resolve(path.dirname(file), source));
        const typesAllowed = room.typeOnly?.includes(folder);
        if (typesAllowed ? typeOnly : !room.folders.includes(folder)) return;
        target = `${folder}/`;
      } else {
        const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
        if (!(room.packages ?? []).includes(name) && !(room.packages ?? []).includes(source)) return;
        target = source;
      }
      context.report({ node, messageId: 'forbidden', data: { why: room.why, target } });
    };
    const fromDeclaration = (node) => node.source && check(node, node.source.value, isTypeOnly(node));
    return {
      ImportDeclaration: fromDeclaration,
      ExportNamedDeclaration: fromDeclaration,
      ExportAllDeclaration: fromDeclaration,
      ImportExpression: (node) => check(node, node.source.value, false),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') check(node, node.arguments[0].value, false);
      },
    };
  },
};

export default { rules: { 'room-imports': roomImportsRule } };
