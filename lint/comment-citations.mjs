#!/usr/bin/env node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Comments cite only docs/ (docs/contributing.md): a reader of the repository has the docs pages,
 * not the design notes or the issue tracker the code was written against. So a comment never names
 * the design notes nor an issue by its number (`forbiddenCitations`); where a decision matters, it
 * is written in the right docs page and the comment points there. The docs
 * themselves may tell the history. Dependency-free: comments are found by a scan, not a parser.
 */
const skippedFolders = new Set(['node_modules', '.data', '.tools', '.git', 'dist', 'coverage', 'bench-results', 'docs']);
const slashComments = ['.ts', '.tsx', '.mts', '.cts', '.mjs', '.cjs', '.js', '.css'];
const hashComments = ['.py', '.sh', '.yml', '.yaml', '.toml'];
const hashFiles = ['Dockerfile', '.dockerignore', '.gitignore'];

export const forbiddenCitations = [
  { pattern: /\bDESIGN\b/, what: 'DESIGN' },
  { pattern: /\bissues?\s+#?\d+/i, what: 'an issue number' },
  { pattern: /(?:^|[\s(])#\d+\b/, what: 'an issue number' },
];

function commentKind(file) {
  const name = path.basename(file);
  if (hashFiles.includes(name)) return 'hash';
  const ext = path.extname(name);
  if (slashComments.includes(ext)) return 'slash';
  if (hashComments.includes(ext)) return 'hash';
  return undefined;
}

/** The comments of a source text as `[line, text]`: `//` and `/* … *\/` (after a line start or a space, so a URL is no comment), or `#`. */
export function commentsOf(text, kind) {
  const found = [];
  if (kind === 'slash') {
    let line = 1;
    let counted = 0;
    for (const m of text.matchAll(/\/\*[\s\S]*?\*\//g)) {
      for (; counted < m.index; counted++) if (text.charCodeAt(counted) === 10) line++;
      m[0].split('\n').forEach((part, i) => found.push([line + i, part]));
    }
    const withoutBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '));
    withoutBlocks.split('\n').forEach((line, i) => {
      const m = /(?:^|\s)\/\/(.*)$/.exec(line);
      if (m) found.push([i + 1, m[1]]);
    });
  } else {
    text.split('\n').forEach((line, i) => {
      const m = /(?:^|\s)#(?!!)(.*)$/.exec(line);
      if (m) found.push([i + 1, m[1]]);
    });
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** The forbidden citations in one file's comments, as `file:line: … cites …` lines. */
export function citationsOf(text, file) {
  const kind = commentKind(file);
  if (!kind) return [];
  return commentsOf(text, kind).flatMap(([line, comment]) =>
    forbiddenCitations
      .filter((c) => c.pattern.test(comment))
      .slice(0, 1)
      .map((c) => `${file}:${line}: a comment cites ${c.what}; cite a docs/ page (write the decision there): ${comment.trim()}`),
  );
}

function filesUnder(root, folder = root) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skippedFolders.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(root, full);
    return commentKind(full) ? [full] : [];
  });
}

export function forbiddenCitationsUnder(root) {
  return filesUnder(root).flatMap((file) => citationsOf(readFileSync(file, 'utf8'), path.relative(root, file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = forbiddenCitationsUnder(root);
  for (const line of problems) process.stderr.write(`${line}\n`);
  process.exit(problems.length > 0 ? 1 : 0);
}
