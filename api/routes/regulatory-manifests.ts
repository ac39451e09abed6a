import { z } from 'zod';
import { NotFoundError } from '../../domain/errors';
import { currentRegulatoryManifest, findRegulatoryManifest, manifestContentHash, regulatoryManifests } from '../../domain/regulatory/manifest-registry';
import type { RegulatoryManifest } from '../../domain/regulatory/manifest-types';
import { defineRoute } from '../routing';

const versionSchema = z.object({
  version: z.string(),
  content_hash: z.string(),
  compatible_rules_versions: z.array(z.string()),
  norm_ids: z.array(z.string()),
  report_types: z.array(z.string()),
  current: z.boolean(),
});
const versionsSchema = z.object({ current: z.string(), versions: z.array(versionSchema) });
const detailSchema = versionSchema.extend({ manifest: z.record(z.string(), z.unknown()) });

function describeManifest(m: RegulatoryManifest): z.infer<typeof versionSchema> {
  return {
    version: m.version,
    content_hash: manifestContentHash(m),
    compatible_rules_versions: m.compatible_rules_versions,
    norm_ids: m.norms.map((n) => n.id),
    report_types: m.report_types.map((t) => t.type),
    current: m === currentRegulatoryManifest,
  };
}

/** The regulatory manifests (docs/regulatory-manifest.md): immutable data, readable with any valid key. */
export const regulatoryManifestRoutes = [
  defineRoute({
    method: 'get',
    path: '/regulatory-manifests/versions',
    operationId: 'listRegulatoryManifestVersions',
    summary: 'Versions of the regulatory manifest, oldest first, with their content hashes',
    tags: ['regulatory-manifests'],
    auth: 'any-key',
    responses: { 200: { description: 'manifest versions', schema: versionsSchema } },
    handler: async () => ({ status: 200, body: { current: currentRegulatoryManifest.version, versions: regulatoryManifests.map(describeManifest) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/regulatory-manifests/versions/:version',
    operationId: 'getRegulatoryManifestVersion',
    summary: 'One manifest in full (`current` allowed): norms, requirements, mappings, report types, COAF code tables, window and retention',
    tags: ['regulatory-manifests'],
    auth: 'any-key',
    params: z.strictObject({ version: z.string().min(1).max(64) }),
    responses: { 200: { description: 'the manifest', schema: detailSchema }, 404: { description: 'unknown manifest version' } },
    handler: async ({ params }) => {
      const manifest = findRegulatoryManifest(params.version);
      if (!manifest) throw new NotFoundError('regulatory manifest version');
      return { status: 200, body: { ...describeManifest(manifest), manifest } };
    },
  }),
];
