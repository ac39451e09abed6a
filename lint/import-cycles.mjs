import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No two of the project's files import each other, directly or around a loop (docs/architecture.md,
 * "No import cycles"). Every relative import of a .ts/.tsx/.mjs file counts, `import type` included:
 * a type-only circle is still two modules that cannot be read, moved or tested one without the other.
 * Dependency-free (a scan of import specifiers, resolved like TypeScript resolves them), so that
 * it runs before anything is installed.
 */
const sourceExtensions = ['.ts', '.tsx', '.mjs'];
const skippedFolders = new Set(['node_modules', '.tools', '.data', '.git', 'dist', 'coverage']);
const specifierPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g;

export function sourceFilesUnder(root, folder = root) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skippedFolders.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesUnder(root, full));
    else if (sourceExtensions.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** The relative import specifiers of a source text (comments removed first, so an example in a comment is no import). */
export function importSpecifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = [];
  for (const m of code.matchAll(specifierPattern)) {
    const specifier = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...sourceExtensions.map((e) => base + e), ...sourceExtensions.map((e) => path.join(base, `index${e}`))];
  if (/\.(m?js)$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'), base.replace(/\.m?js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && sourceExtensions.some((e) => c.endsWith(e)));
}

/** The import graph: file → the project files it imports. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every cycle, as its strongly connected component (Tarjan): files sorted, components sorted. */
export function findImportCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  const strongConnect = (start) => {
    // Iterative, so that a long import chain cannot overflow the call stack.
    const work = [[start, 0]];
    indices.set(start, index);
    lowlinks.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = graph.get(node) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!indices.has(target)) {
          indices.set(target, index);
          lowlinks.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        lowlinks.set(parent, Math.min(lowlinks.get(parent), lowlinks.get(node)));
      }
      if (lowlinks.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        const selfImport = component.length === 1 && (graph.get(node) ?? []).includes(node);
        if (component.length > 1 || selfImport) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) strongConnect(node);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

export function checkImportCycles(root) {
  const cycles = findImportCycles(importGraph(sourceFilesUnder(root)));
  return cycles.map((c) => `import cycle: ${c.map((f) => path.relative(root, f)).join(' ⇄ ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkImportCycles(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`${problems.length} import cycle(s): no two files may import each other, directly or in a loop (docs/architecture.md)`);
    process.exit(1);
  }
}
