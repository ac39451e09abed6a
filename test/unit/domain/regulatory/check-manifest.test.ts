import { checkManifest, catalogsWithoutManifest } from '../../../../domain/regulatory/check-manifest';
import { regulatoryManifests } from '../../../../domain/regulatory/manifest-registry';
import type { RegulatoryManifest } from '../../../../domain/regulatory/manifest-types';
import { ruleCatalogs } from '../../../../domain/rules';

const shipped = regulatoryManifests[0];
const clone = (): RegulatoryManifest => structuredClone(shipped);

describe('regulatory manifest checks', () => {
  it.each(regulatoryManifests.map((m) => [m.version, m] as const))(
    'manifest %s is consistent with the catalogs it declares compatible',
    (_v, manifest) => {
      expect(checkManifest(manifest, ruleCatalogs)).toEqual([]);
    },
  );

  it('every shipped rule catalog has a manifest for its regulatory version', () => {
    expect(catalogsWithoutManifest(ruleCatalogs, regulatoryManifests)).toEqual([]);
    expect(catalogsWithoutManifest([{ ...ruleCatalogs[0], regulatory_catalog_version: '2099.1.1' }], regulatoryManifests)).toEqual([
      'rule catalog 2026.11.1 declares regulatory version 2099.1.1, which no manifest serves',
    ]);
  });

  const broken: [string, (m: RegulatoryManifest) => void, string][] = [
    [
      'a mapped signal code missing from the catalog',
      (m) => m.mappings[1].signal_codes.push('NO_SUCH_SIGNAL'),
      'signal NO_SUCH_SIGNAL is not in rule catalog 2026.11.1',
    ],
    [
      'a required section without mapping',
      (m) => (m.mappings = m.mappings.filter((x) => !(x.report_type === 'coaf_cos' && x.section_key === 'det'))),
      'required section coaf_cos.det has no mapping',
    ],
    ['a mapping to an unknown section', (m) => (m.mappings[0].section_key = 'nowhere'), 'unknown report section'],
    ['a mapping to an unknown requirement', (m) => (m.mappings[0].requirement_id = 'NOPE'), 'unknown requirement'],
    ['a requirement of an unknown norm', (m) => (m.requirements[0].norm_id = 'NOPE'), 'cites unknown norm NOPE'],
    [
      'an incompatible catalog that does not exist',
      (m) => m.compatible_rules_versions.push('1999.1.1'),
      'compatible rule catalog 1999.1.1 does not exist',
    ],
    [
      'an enquadramento rule with an unknown signal',
      (m) => m.coaf.enquadramento_rules[0].signal_codes.push('GHOST'),
      'signal GHOST is not in rule catalog',
    ],
    ['an enquadramento rule for an unknown code', (m) => (m.coaf.enquadramento_rules[0].code = '9999'), 'unknown code 9999'],
    ['a window citing an unknown requirement', (m) => (m.window.requirement_id = 'NOPE'), 'window cites unknown requirement NOPE'],
  ];
  it.each(broken)('fails on %s', (_name, breakIt, expected) => {
    const manifest = clone();
    breakIt(manifest);
    expect(checkManifest(manifest, ruleCatalogs).join('\n')).toContain(expected);
  });

  it('maps every signal of the compatible catalog to at least one enquadramento', () => {
    const mapped = new Set(shipped.coaf.enquadramento_rules.flatMap((r) => r.signal_codes));
    expect(ruleCatalogs[0].signals.map((s) => s.code).filter((c) => !mapped.has(c))).toEqual([]);
  });
});
