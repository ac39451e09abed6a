import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../../../../domain/canonical-json';
import { buildReportSections } from '../../../../domain/reports/build-report-sections';
import { findRegulatoryManifest } from '../../../../domain/regulatory/manifest-registry';
import { ruleCatalogV3 } from '../../../../domain/rules';
import { firstGoldenVersions, reportInput, type GoldenVersions } from './support/report-input';

/**
 * One golden report per type: every section, deterministic and template narrative, byte for byte
 * in canonical JSON. Any change of a builder, the manifest, the templates or the scoring shows
 * here as a diff to review. Regenerate on purpose with UPDATE_GOLDEN=1.
 */
const update = process.env.UPDATE_GOLDEN === '1';

/** The norms cited as they are (docs/regulatory-manifest.md): catalog 2026.12.2 and manifest 2026.12.2. */
const citedAsTheyAre: GoldenVersions = { catalog: ruleCatalogV3, manifest: findRegulatoryManifest('2026.12.2')! };

describe.each([
  ['coaf_cos', '', firstGoldenVersions],
  ['bcb_dossie', '', firstGoldenVersions],
  ['coaf_cos', '.2026.12.2', citedAsTheyAre],
  ['bcb_dossie', '.2026.12.2', citedAsTheyAre],
] as const)('golden report: %s%s', (type, suffix, versions) => {
  const file = path.join(__dirname, 'golden', `${type}${suffix}.sections.json`);
  const input = () => reportInput(type, undefined, undefined, versions);

  it('builds exactly the stored sections from the golden snapshot', () => {
    const bytes = `${canonicalJson(buildReportSections(input()))}\n`;
    if (update) writeFileSync(file, bytes);
    expect(existsSync(file)).toBe(true);
    expect(bytes).toBe(readFileSync(file, 'utf8'));
  });

  it('is byte-stable: building twice gives the same canonical JSON', () => {
    expect(canonicalJson(buildReportSections(input()))).toBe(canonicalJson(buildReportSections(input())));
  });
});
