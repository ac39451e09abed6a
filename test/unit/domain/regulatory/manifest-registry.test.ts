import {
  currentRegulatoryManifest,
  findRegulatoryManifest,
  manifestContentHash,
  regulatoryManifests,
  reportTypeSpec,
} from '../../../../domain/regulatory/manifest-registry';
import { REGULATORY_CATALOG_VERSION, REGULATORY_CATALOG_VERSION_V2, REGULATORY_CATALOG_VERSION_V3 } from '../../../../domain/rules';

describe('regulatory manifest registry', () => {
  it.each([
    ['2026.11.1', '2026.11.1'],
    ['current', currentRegulatoryManifest.version],
    ['2026.10.9', undefined],
    ['', undefined],
  ])('finds %s → %s', (asked, version) => {
    expect(findRegulatoryManifest(asked)?.version).toBe(version);
  });

  it('serves the regulatory version of the shipped rule catalog (the read form cites it)', () => {
    expect(findRegulatoryManifest(REGULATORY_CATALOG_VERSION)).toBeDefined();
    expect(findRegulatoryManifest(REGULATORY_CATALOG_VERSION_V2)?.compatible_rules_versions).toEqual(['2026.12.1']);
    expect(findRegulatoryManifest(REGULATORY_CATALOG_VERSION_V3)?.compatible_rules_versions).toEqual(['2026.12.2']);
    expect(currentRegulatoryManifest.version).toBe('2026.12.2');
  });

  it('pins the content hash of every shipped version: a change of any mapping is a new version', () => {
    const pinned: Record<string, string> = {
      '2026.11.1': '249d67032af7d16c5c387ac17e9b4cacff8bba3c60d6b43ff7387ee29df3f2cb',
      '2026.12.1': 'f27b82ca473c5c38b38ec1f7bfec2e17249efcb8e3d73d667186a074847b7167',
      '2026.12.2': 'c2e533003f14e95013a1a23bcb138b042c83bc5b996476ade6ee3816392832fd',
    };
    expect(Object.fromEntries(regulatoryManifests.map((m) => [m.version, manifestContentHash(m)]))).toEqual(pinned);
  });

  it('gives the spec of each report type and refuses an unknown one', () => {
    expect(reportTypeSpec(currentRegulatoryManifest, 'coaf_cos').regulator).toBe('coaf');
    expect(reportTypeSpec(currentRegulatoryManifest, 'bcb_dossie').sections.map((s) => s.key)).toContain('conclusao');
    expect(() => reportTypeSpec(currentRegulatoryManifest, 'cvm' as never)).toThrow('no report type cvm');
  });
});
