import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * The rooms of the code base and what each may import (docs/architecture.md, whose table
 * test/unit/lint/room-imports.test.ts holds to this one). Allow-lists, not deny-lists: a room imports
 * itself and the rooms it names, and nothing else, so a new room or a new edge is a decision written
 * here and in the table rather than a hole. Every relative import is resolved to the top-level folder
 * it lands in, so `../../db/x` from api/routes/ and `../db/x` from api/ are judged alike, and moving
 * files between subfolders of a room never changes what it may import.
 */
const nodeBuiltins = builtinModules.flatMap((m) => [m, `node:${m}`]);
const ioPackages = [
  'knex',
  'pg',
  'pg-copy-streams',
  'pino',
  'koa',
  '@koa/router',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
  '@temporalio/workflow',
  'csv-parse',
  'yauzl',
  'iconv-lite',
  'saxes',
];

/**
 * folder → { why, imports: the other rooms it may import (values and types), typeOnly: rooms it may
 * import as types only, packages: the packages it may not import }.
 */
export const rooms = {
  domain: {
    why: 'domain/ is pure: it imports only domain/ and pure libraries',
    imports: [],
    packages: [...ioPackages, '@temporalio/common', ...nodeBuiltins.filter((m) => m !== 'crypto' && m !== 'node:crypto')],
  },
  contracts: {
    why: 'contracts/ are pure workflow contracts: domain/ types and @temporalio/common only',
    imports: [],
    typeOnly: ['domain'],
    packages: [...ioPackages, ...nodeBuiltins],
  },
  workflows: {
    why: 'workflows/ run in the deterministic sandbox: contracts/ and domain/, activities/ as types only, no I/O modules',
    imports: ['contracts', 'domain'],
    typeOnly: ['activities'],
    packages: [...ioPackages.filter((p) => p !== '@temporalio/workflow'), ...nodeBuiltins],
  },
  activities: {
    why: 'activities/ are thin adapters over use cases: never api/, never db/ directly',
    imports: ['usecases', 'contracts', 'domain', 'infra'],
  },
  usecases: {
    why: 'usecases/ tell the write paths over db/ and infra/; they never import api/, activities/, workflows/ or worker/',
    imports: ['db', 'infra', 'contracts', 'domain', 'config'],
  },
  db: { why: 'db/ holds repositories over domain/ types: never infra/, config/ or the rooms above', imports: ['domain'] },
  infra: { why: 'infra/ holds adapters only: never db/, usecases/ or the rooms above', imports: ['contracts', 'domain', 'config'] },
  api: {
    why: 'api/ calls use cases and reads db/; it never imports activities/ or workflow values',
    imports: ['usecases', 'db', 'infra', 'contracts', 'domain', 'config', 'worker'],
    typeOnly: ['workflows'],
  },
  worker: {
    why: 'worker/ composes workers; it never imports api/',
    imports: ['activities', 'usecases', 'db', 'infra', 'contracts', 'domain', 'config'],
  },
  importers: { why: 'importers/ load public files into db/: never api/, the workflow rooms or the tools', imports: ['db', 'domain'] },
  generator: { why: 'generator/ writes synthetic public files from domain/ vocabulary: no database, no server', imports: ['domain'] },
  ops: {
    why: 'ops/ ships in the image and reads configuration through config/: never scripts/, api/ or the tools',
    imports: ['usecases', 'db', 'domain', 'config', 'importers', 'generator'],
  },
  config: { why: 'config/ parses the environment: domain/ vocabulary only', imports: ['domain'] },
  support: { why: 'support/ holds dev and test tools shared by test/, bench/ and scripts/: domain/ vocabulary only', imports: ['domain'] },
  scripts: {
    why: 'scripts/ run the local stack and the checks: never test/ (shared tools live in support/) or bench/',
    imports: ['api', 'worker', 'ops', 'usecases', 'db', 'contracts', 'domain', 'config', 'importers', 'generator', 'support'],
  },
  bench: {
    why: 'bench/ measures the service through scripts/ and support/: never test/',
    imports: [
      'scripts',
      'support',
      'worker',
      'activities',
      'usecases',
      'db',
      'infra',
      'contracts',
      'domain',
      'config',
      'importers',
      'generator',
    ],
  },
  console: {
    why: 'console/ is a browser client of the public API: it imports nothing of the server but domain/ types',
    imports: [],
    typeOnly: ['domain'],
    packages: [...ioPackages, '@temporalio/common', ...nodeBuiltins],
  },
  lint: { why: 'lint/ holds the lint rules: self-contained', imports: [] },
  test: {
    why: 'test/ may import every room of the code base',
    imports: [
      'domain',
      'contracts',
      'workflows',
      'activities',
      'usecases',
      'db',
      'infra',
      'api',
      'worker',
      'importers',
      'generator',
      'ops',
      'config',
      'support',
      'scripts',
      'bench',
      'console',
      'lint',
    ],
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
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      forbidden: '{{why}} (this imports {{target}}).',
      unknownRoom:
        '{{room}}/ is not a room of docs/architecture.md: add it to lint/room-imports.mjs and the table, with what it may import.',
    },
  },
  create(context) {
    const root = context.cwd ?? process.cwd();
    const file = context.filename ?? context.getFilename();
    const relative = path.relative(root, file);
    const name = roomOf(root, file);
    const room = rooms[name];
    if (!room) {
      // Files at the root (eslint.config.mjs, jest.config.js) belong to no room; code in an unmapped folder is a gap.
      const inFolder = relative.split(path.sep).length > 1 && !relative.startsWith('..');
      return inFolder ? { Program: (node) => context.report({ node, messageId: 'unknownRoom', data: { room: name } }) } : {};
    }
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) {
        const folder = roomOf(root, path.resolve(path.dirname(file), source));
        if (folder === name || room.imports.includes(folder)) return;
        if (typeOnly && room.typeOnly?.includes(folder)) return;
        target = room.typeOnly?.includes(folder) ? `${folder}/ values` : `${folder}/`;
      } else {
        const pkg = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
        if (!(room.packages ?? []).includes(pkg) && !(room.packages ?? []).includes(source)) return;
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
      TSImportType: (node) => {
        const source = node.argument?.literal?.value ?? node.source?.value;
        check(node, source, true);
      },
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal')
          check(node, node.arguments[0].value, false);
      },
    };
  },
};

export default { rules: { 'room-imports': roomImportsRule } };
