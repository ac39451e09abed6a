import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allRoutes } from '../api/create-app';
import { buildOpenApiDocument } from '../api/openapi/openapi';

/**
 * `npm test`'s OpenAPI check: the document the api serves, generated from the route table, linted
 * by `redocly lint` with the recommended rules (redocly.yaml) and the recorded exceptions
 * (.redocly.lint-ignore.yaml, each with its reason). Any other error or warning fails.
 */
const root = path.resolve(__dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
try {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(allRoutes()), null, 2));
  // Redocly reads the exceptions from .redocly.lint-ignore.yaml beside its config, keyed by the
  // document's path relative to it: both go beside the generated document.
  for (const name of ['redocly.yaml', '.redocly.lint-ignore.yaml']) copyFileSync(path.join(root, name), path.join(dir, name));
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', path.join(dir, 'redocly.yaml'), '--max-problems', '50', '--format', 'stylish'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const output = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((l) => !/[║╔╚]/.test(l))
    .join('\n');
  const warned = /You have \d+ warnings?/.test(output);
  process.stdout.write(output);
  process.exit(result.status === 0 && !warned ? 0 : 1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
