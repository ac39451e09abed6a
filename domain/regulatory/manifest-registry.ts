import { fingerprint } from '../fingerprint';
import { regulatoryManifest20261101 } from './manifest-2026-11-1';
import { regulatoryManifest20261201 } from './manifest-2026-12-1';
import { regulatoryManifest20261202 } from './manifest-2026-12-2';
import type { RegulatoryManifest, ReportType, ReportTypeSpec } from './manifest-types';

/** Every manifest version ever shipped, oldest first: a report cites the one it was built with. */
export const regulatoryManifests: readonly RegulatoryManifest[] = [
  regulatoryManifest20261101,
  regulatoryManifest20261201,
  regulatoryManifest20261202,
];

export const currentRegulatoryManifest: RegulatoryManifest = regulatoryManifests[regulatoryManifests.length - 1];

/** A version, or `current`; undefined when unknown. */
export function findRegulatoryManifest(version: string): RegulatoryManifest | undefined {
  if (version === 'current') return currentRegulatoryManifest;
  return regulatoryManifests.find((manifest) => manifest.version === version);
}

/** SHA-256 of the manifest's canonical JSON: any change of any mapping changes it. */
export function manifestContentHash(manifest: RegulatoryManifest): string {
  let hash = hashes.get(manifest);
  if (!hash) {
    hash = fingerprint(manifest);
    hashes.set(manifest, hash);
  }
  return hash;
}
const hashes = new WeakMap<RegulatoryManifest, string>();

export function reportTypeSpec(manifest: RegulatoryManifest, type: ReportType): ReportTypeSpec {
  const spec = manifest.report_types.find((t) => t.type === type);
  if (!spec) throw new Error(`manifest ${manifest.version} has no report type ${type}`);
  return spec;
}
