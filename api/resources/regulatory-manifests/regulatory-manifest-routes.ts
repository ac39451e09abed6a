import { z } from 'zod';
import { text } from '../../edge/request-fields';
import { NotFoundError } from '../../../domain/errors';
import {
  currentRegulatoryManifest,
  findRegulatoryManifest,
  manifestContentHash,
  regulatoryManifests,
} from '../../../domain/regulatory/manifest-registry';
import type { RegulatoryManifest } from '../../../domain/regulatory/manifest-types';
import { defineRoute } from '../../edge/routing';

const versionExample = {
  version: '2026.11.1',
  content_hash: '249d67032af7d16c5c387ac17e9b4cacff8bba3c60d6b43ff7387ee29df3f2cb',
  compatible_rules_versions: ['2026.11.1'],
  norm_ids: ['LEI-9613-1998', 'CIRCULAR-BCB-3978-2020', 'CARTA-CIRCULAR-BCB-4001-2020', 'RESOLUCAO-CVM-50-2021'],
  report_types: ['coaf_cos', 'bcb_dossie'],
  current: true,
};
const versionSchema = z
  .object({
    version: z.string(),
    content_hash: z.string().describe('SHA-256 of the canonical JSON of the manifest: the same version always has the same hash'),
    compatible_rules_versions: z.array(z.string()).describe('the rule catalog versions whose signals it maps'),
    norm_ids: z.array(z.string()),
    report_types: z.array(z.string()),
    current: z.boolean().describe('the version new reports are built under'),
  })
  .meta({ id: 'RegulatoryManifestVersion', examples: [versionExample] });
const versionsSchema = z
  .object({ current: z.string(), versions: z.array(versionSchema) })
  .meta({ id: 'RegulatoryManifestVersions', examples: [{ current: '2026.11.1', versions: [versionExample] }] });
const detailSchema = versionSchema
  .extend({
    manifest: z
      .record(z.string(), z.unknown())
      .describe('the manifest itself: norms, requirements, report_types, mappings, coaf code tables, window, retention'),
  })
  .meta({
    id: 'RegulatoryManifest',
    examples: [
      {
        ...versionExample,
        manifest: {
          version: '2026.11.1',
          compatible_rules_versions: ['2026.11.1'],
          norms: [{ id: 'LEI-9613-1998', title: 'Lei nº 9.613/1998' }],
          window: { hours: 24 },
        },
      },
    ],
  });

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
    description:
      'Every manifest version ever shipped stays readable (a report records the version it was built under); `current` names the one new reports use.',
    tags: ['regulatory-manifests'],
    auth: 'any-key',
    responses: { 200: { description: 'manifest versions', schema: versionsSchema } },
    handler: async () => ({
      status: 200,
      body: { current: currentRegulatoryManifest.version, versions: regulatoryManifests.map(describeManifest) },
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/regulatory-manifests/versions/:version',
    operationId: 'getRegulatoryManifestVersion',
    summary:
      'One manifest in full (`current` allowed): norms, requirements, mappings, report types, COAF code tables, window and retention',
    description:
      'The manifest of one version, in full, with its content hash: what a report built under it was checked against. `current` is an alias of the newest.',
    tags: ['regulatory-manifests'],
    auth: 'any-key',
    params: z.strictObject({ version: text({ max: 64, min: 1 }).describe('a manifest version, e.g. `2026.11.1`, or `current`') }),
    responses: { 200: { description: 'the manifest', schema: detailSchema }, 404: { description: 'unknown manifest version' } },
    handler: async ({ params }) => {
      const manifest = findRegulatoryManifest(params.version);
      if (!manifest) throw new NotFoundError('regulatory manifest version');
      return { status: 200, body: { ...describeManifest(manifest), manifest } };
    },
  }),
];
