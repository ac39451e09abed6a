import { readFileSync } from 'node:fs';
import path from 'node:path';
import { regulatoryManifests } from '../../../../domain/regulatory/manifest-registry';
import { renderManifestDoc } from '../../../../domain/regulatory/render-manifest-doc';

describe('regulatory manifest document', () => {
  it('has an up-to-date docs/regulatory-manifest.md (run `npm run docs:manifest`)', () => {
    const doc = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'regulatory-manifest.md'), 'utf8');
    expect(doc).toBe(renderManifestDoc(regulatoryManifests));
  });

  it('lists every section of every report type with its requirements', () => {
    const doc = renderManifestDoc(regulatoryManifests);
    for (const type of regulatoryManifests[0].report_types) for (const s of type.sections) expect(doc).toContain(`| \`${s.key}\` |`);
    expect(doc).toContain('`BCB3978-DOSSIE`');
  });
});
