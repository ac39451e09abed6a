import tseslint from 'typescript-eslint';
import rooms from './lint/room-imports.mjs';

/**
 * The rules that need type information. An unawaited promise in a Temporal-heavy code base is a
 * lost failure (or, in a workflow, a step that silently never happened): both are errors.
 */
export const typeAwareRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
};

export default tseslint.config(
  // console/src/api/openapi-types.ts is generated (npm run console:api-types) and held to the OpenAPI document by regeneration.
  {
    ignores: [
      'node_modules/**',
      '.data/**',
      '.tools/**',
      'dist/**',
      'console/dist/**',
      'coverage/**',
      'bench-results/**',
      'console/src/api/openapi-types.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Typed linting: each file is checked against the program of its nearest tsconfig.json
    // (tsconfig.json for the service, console/tsconfig.json for the browser app).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: typeAwareRules,
  },
  {
    // The layering of docs/architecture.md: what each room may import (lint/room-imports.mjs).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs', '**/*.js'],
    plugins: { rooms },
    rules: { 'rooms/room-imports': 'error' },
  },
  {
    // The workflow bundle's modules are evaluated once per worker and shared by every run
    // (docs/throughput-ceiling.md, "Modules evaluated once"): a module-level variable there would
    // carry one run's state into the next, so only constants live at module level.
    files: ['workflows/**/*.ts', 'contracts/**/*.ts', 'domain/cases/case-clocks.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Program > VariableDeclaration[kind!='const'], Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
          message: 'Workflow modules are shared by every run: no module-level let or var (docs/throughput-ceiling.md).',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'scripts/**/*.cjs', 'lint/**/*.mjs', '*.js', '*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
