#!/usr/bin/env node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Repositories hold SQL only (docs/architecture.md, "The rooms and what each may import"): how a
 * name is searched, how a hit or a match is scored and classified is the domain's, applied by the
 * caller (a use case) to the rows a repository returns. So no file under db/repositories/ imports a
 * value of a scoring or classification module; a type of one (`import type`) is vocabulary and is
 * allowed. Dependency-free: a scan of import declarations, like lint/import-cycles.mjs.
 */
export const policyModules = [
  { pattern: /^domain\/media\//, why: 'media matching, scoring and classification' },
  { pattern: /^domain\/scoring\//, why: 'the scoring engine' },
  { pattern: /^domain\/watchlists\/(score|rank|match|compare|screen)-/, why: 'the watchlist matcher' },
];

const declarationPattern = /(?:^|[\s;])(import|export)\s+([^'"`;]*?)\s*from\s*['"]([^'"]+)['"]/g;

/** Whether an import or export clause brings values in: `import type {…}` and `{ type A, type B }` do not. */
function bringsValues(clause) {
  if (/^type\s/.test(clause)) return false;
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return true;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.some((name) => !/^type\s/.test(name));
}

/** The policy modules a repository source imports values of: `[{ specifier, why }]`. */
export function policyImportsOf(text, file, root) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = [];
  for (const [, , clause, specifier] of code.matchAll(declarationPattern)) {
    if (!specifier.startsWith('.') || !bringsValues(clause)) continue;
    const target = path
      .relative(root, path.resolve(path.dirname(file), specifier))
      .split(path.sep)
      .join('/');
    const module = policyModules.find((m) => m.pattern.test(target));
    if (module) found.push({ specifier, why: module.why });
  }
  return found;
}

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every value import of a policy module by a repository, as `file: specifier (why)` lines. */
export function repositoryPolicyImports(root) {
  return filesUnder(path.join(root, 'db', 'repositories')).flatMap((file) =>
    policyImportsOf(readFileSync(file, 'utf8'), file, root).map(
      (i) => `${path.relative(root, file)}: imports ${i.specifier} (${i.why}); a repository returns rows, the caller applies the domain`,
    ),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = repositoryPolicyImports(root);
  for (const line of problems) process.stderr.write(`${line}\n`);
  process.exit(problems.length > 0 ? 1 : 0);
}
