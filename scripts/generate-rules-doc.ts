import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ruleCatalogRegistry } from '../domain/rules';
import { renderRulesDoc } from '../domain/rules/render-rules-doc';

/** `npm run docs:rules`: regenerates docs/rules.md from the current catalog (a unit test fails when it is stale). */
const target = path.join(__dirname, '..', 'docs', 'rules.md');
writeFileSync(target, renderRulesDoc(ruleCatalogRegistry.current));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
