import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { regulatoryManifests } from '../domain/regulatory/manifest-registry';
import { renderManifestDoc } from '../domain/regulatory/render-manifest-doc';

/** `npm run docs:manifest`: regenerates docs/regulatory-manifest.md (a unit test fails when it is stale). */
const target = path.join(__dirname, '..', 'docs', 'regulatory-manifest.md');
writeFileSync(target, renderManifestDoc(regulatoryManifests));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
