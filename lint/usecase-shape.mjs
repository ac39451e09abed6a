#!/usr/bin/env node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Use cases have one shape (docs/architecture.md, "Use cases"): a file under usecases/ exports one
 * function, its entry point, taking exactly `(deps, actor, input)`. What is not a use case (helpers
 * shared by the use cases of one aggregate, the deps type) lives under a `support/` folder, which
 * this check skips. Types may be exported beside the entry point. A scan of the syntax tree with
 * the TypeScript compiler (no type checking), so it runs in a second on the whole folder.
 */
const require = createRequire(import.meta.url);
const ts = require('typescript');

export const expectedParameters = ['deps', 'actor', 'input'];

function hasExport(node) {
  return (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
}

function parameterNames(fn) {
  return fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : p.name.getText()));
}

/** The exported functions and other exported values of one source: `{ functions: [{ name, parameters }], values: [name] }`. */
export function exportsOf(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const functions = [];
  const values = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && hasExport(statement) && statement.name) {
      if (statement.body === undefined) continue; // an overload signature: the implementation counts once
      functions.push({ name: statement.name.text, parameters: parameterNames(statement) });
    } else if (ts.isVariableStatement(statement) && hasExport(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText();
        let init = declaration.initializer;
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression?.(init) || ts.isParenthesizedExpression(init)))
          init = init.expression;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) functions.push({ name, parameters: parameterNames(init) });
        else values.push(name);
      }
    } else if (ts.isClassDeclaration(statement) && hasExport(statement)) {
      values.push(statement.name?.text ?? 'default class');
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) for (const e of clause.elements) if (!e.isTypeOnly) values.push(e.name.text);
      if (!clause) values.push('*');
    } else if (ts.isExportAssignment(statement)) {
      values.push('default');
    }
  }
  return { functions, values };
}

/** Whether a file under usecases/ is a use case (not a support module). */
export function isUseCaseFile(relative) {
  const parts = relative.split('/');
  return parts[0] === 'usecases' && !parts.includes('support') && /\.ts$/.test(relative) && !relative.endsWith('.d.ts');
}

/** The violations of one use-case source, as messages. */
export function shapeViolations(text, relative) {
  const { functions, values } = exportsOf(text, relative);
  const found = [];
  if (functions.length !== 1)
    found.push(
      `exports ${functions.length} functions (${functions.map((f) => f.name).join(', ') || 'none'}); a use-case file exports one entry point, helpers go under a support/ folder`,
    );
  for (const f of functions) {
    if (f.parameters.join(',') !== expectedParameters.join(','))
      found.push(`${f.name}(${f.parameters.join(', ')}) is not (${expectedParameters.join(', ')})`);
  }
  for (const v of values) found.push(`exports the value ${v}; a use-case file exports its entry point and types only`);
  return found;
}

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every violation under `root/usecases`, as `file: message` lines. */
export function useCaseShapeViolations(root) {
  return filesUnder(path.join(root, 'usecases'))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter(isUseCaseFile)
    .flatMap((relative) => shapeViolations(readFileSync(path.join(root, relative), 'utf8'), relative).map((m) => `${relative}: ${m}`));
}

/**
 * The ops CLI writes through use cases only, so audit events are appended in one place
 * (docs/architecture.md, "Use cases"): no file under ops/ opens a transaction or imports the
 * audit trail's writer or repository.
 */
const opsWritePatterns = [
  { pattern: /\.transaction\s*\(/, why: 'opens a transaction' },
  {
    pattern: /['"][./]*(usecases\/audit\/record-audit-event|db\/repositories\/audit\/audit-event-repository)['"]/,
    why: 'appends audit events itself',
  },
];

/** The writes of ops/ outside use cases, as `file: message` lines. */
export function opsWritesOutsideUseCases(root) {
  return filesUnder(path.join(root, 'ops')).flatMap((file) => {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    const relative = path.relative(root, file).split(path.sep).join('/');
    return opsWritePatterns
      .filter((p) => p.pattern.test(code))
      .map((p) => `${relative}: ${p.why}; an ops command writes through a use case`);
  });
}

/** Every violation, without an exception list: the use cases' shape and the ops CLI's writes. */
export function checkUseCaseShape(root) {
  return [...opsWritesOutsideUseCases(root), ...useCaseShapeViolations(root)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv.slice(2).find((a) => !a.startsWith('--')) ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const violations = checkUseCaseShape(root);
  for (const v of violations) console.error(v);
  if (violations.length > 0) {
    console.error(`\n${violations.length} use-case shape violation(s) (docs/architecture.md, "Use cases")`);
    process.exit(1);
  }
}
