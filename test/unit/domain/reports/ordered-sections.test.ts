import { currentRegulatoryManifest, regulatoryManifests, reportTypeSpec } from '../../../../domain/regulatory/manifest-registry';
import { manifestOfReport, orderedSections, type StoredSectionRevision } from '../../../../domain/reports/ordered-sections';

const manifest = currentRegulatoryManifest;
const type = manifest.report_types[0].type;
const keys = reportTypeSpec(manifest, type).sections.map((s) => s.key);

function revision(key: string, n = 1): StoredSectionRevision {
  return { section_key: key, revision: n, kind: 'deterministic', title: `t-${key}`, content: { key }, provenance: {} };
}

describe('manifestOfReport', () => {
  it.each([
    ['a shipped version', regulatoryManifests[0].version, regulatoryManifests[0]],
    ['the current version', manifest.version, manifest],
  ])('%s', (_name, version, expected) => {
    expect(manifestOfReport({ uuid: 'r', versions: { regulatory_manifest_version: version } })).toBe(expected);
  });

  it('refuses an unknown version', () => {
    expect(() => manifestOfReport({ uuid: 'r', versions: { regulatory_manifest_version: '1999-01-1' } })).toThrow(
      'report r cites unknown manifest 1999-01-1',
    );
  });
});

describe('orderedSections', () => {
  it.each([
    ['the manifest order, whatever the stored order', [...keys].reverse().map((k) => revision(k)), keys],
    ['a section the manifest does not name is left out', [revision(keys[0]), revision('not-a-section')], [keys[0]]],
    ['no revisions, no sections', [], []],
  ])('%s', (_name, rows, expected) => {
    expect(orderedSections(rows, manifest, type).map((s) => s.key)).toEqual(expected);
  });

  it('keeps the revision, title and content of the row', () => {
    expect(orderedSections([revision(keys[0], 3)], manifest, type)[0]).toMatchObject({
      key: keys[0],
      revision: 3,
      title: `t-${keys[0]}`,
      content: { key: keys[0] },
    });
  });
});
