import tseslint from 'typescript-eslint';
import rooms from './lint/room-imports.mjs';

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', '.tools/**', 'dist/**', 'console/dist/**', 'coverage/**', 'bench-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The layering of docs/architecture.md: what each room may import (lint/room-imports.mjs).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { rooms },
    rules: { 'rooms/room-imports': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', 'scripts/**/*.cjs', 'lint/**/*.mjs', '*.js', '*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
