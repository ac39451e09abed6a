import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../../../../domain/canonical-json';
import { buildReportSections } from '../../../../domain/reports/build-report-sections';
import { reportInput } from './support/report-input';

/**
 * One golden report per type: every section, deterministic and template narrative, byte for byte
 * in canonical JSON. Any change of a builder, the manifest, the templates or the scoring shows
 * here as a diff to review. Regenerate on purpose with UPDATE_GOLDEN=1.
 */
const update = process.env.UPDATE_GOLDEN === '1';

describe.each(['coaf_cos', 'bcb_dossie'] as const)('golden report: %s', (type) => {
  const file = path.join(__dirname, 'golden', `${type}.sections.json`);

  it('builds exactly the stored sections from the golden snapshot', () => {
    const bytes = `${canonicalJson(buildReportSections(reportInput(type)))}\n`;
    if (update) writeFileSync(file, bytes);
    expect(existsSync(file)).toBe(true);
    expect(bytes).toBe(readFileSync(file, 'utf8'));
  });

  it('is byte-stable: building twice gives the same canonical JSON', () => {
    expect(canonicalJson(buildReportSections(reportInput(type)))).toBe(canonicalJson(buildReportSections(reportInput(type))));
  });
});
