import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

// Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no database drivers,
// and activities only as types (their values would drag I/O into the workflow bundle).
const forbiddenInWorkflows = [
  ...builtinModules.flatMap((m) => [m, `node:${m}`]),
  'knex', 'pg', 'pg-copy-streams', 'pino', 'koa', '@koa/router', '@temporalio/client', '@temporalio/worker',
];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', '.tools/**', 'dist/**', 'coverage/**', 'bench-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: forbiddenInWorkflows.map((name) => ({ name, message: 'Workflows must stay deterministic: no I/O modules.' })),
        patterns: [
          { group: ['../activities', '../activities/*', '../activities/**'], allowTypeImports: true, message: 'Import activities with `import type` only.' },
          { group: ['../db/*', '../db/**', '../infra/*', '../infra/**', '../api/**'], message: 'Workflows must not import I/O code.' },
        ],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.js', '*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
