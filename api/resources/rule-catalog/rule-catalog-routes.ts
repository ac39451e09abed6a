import { z } from 'zod';
import { text } from '../../edge/request-fields';
import { NotFoundError } from '../../../domain/errors';
import {
  catalogContentHash,
  engineFingerprint,
  findRuleCatalog,
  ruleCatalogRegistry,
  ruleCatalogs,
  SCORING_ENGINE_VERSION,
} from '../../../domain/rules';
import type { RuleCatalog } from '../../../domain/rules';
import { defineRoute } from '../../edge/routing';

const catalogVersionSchema = z
  .object({
    rules_version: z.string(),
    regulatory_catalog_version: z.string(),
    scoring_engine_version: z.string(),
    engine_fingerprint: z.string(),
    content_hash: z.string(),
    signal_count: z.int(),
    meta_signal_count: z.int(),
    pillars: z.array(z.string()),
    current: z.boolean(),
  })
  .meta({ id: 'RuleCatalogVersion' });
const versionExample = {
  rules_version: '2026.11.1',
  regulatory_catalog_version: '2026.11.1',
  scoring_engine_version: '1.0.0',
  engine_fingerprint: 'a3f1c09e5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f',
  content_hash: 'a3f1c09e5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f',
  signal_count: 42,
  meta_signal_count: 6,
  pillars: ['media', 'network', 'ownership', 'pep', 'proceedings', 'registry', 'sanctions'],
  current: true,
};
const catalogVersionsSchema = z
  .object({ current: z.string(), versions: z.array(catalogVersionSchema) })
  .meta({ id: 'RuleCatalogVersions', examples: [{ current: '2026.11.1', versions: [versionExample] }] });
const catalogDetailSchema = catalogVersionSchema.extend({ catalog: z.record(z.string(), z.unknown()) }).meta({
  id: 'RuleCatalog',
  examples: [
    {
      ...versionExample,
      catalog: { rules_version: '2026.11.1', signals: [{ code: 'SANCTION_ACTIVE', pillar: 'sanctions', base_points: 50 }] },
    },
  ],
});

function describeCatalog(catalog: RuleCatalog): z.infer<typeof catalogVersionSchema> {
  return {
    rules_version: catalog.rules_version,
    regulatory_catalog_version: catalog.regulatory_catalog_version,
    scoring_engine_version: SCORING_ENGINE_VERSION,
    engine_fingerprint: engineFingerprint(catalog),
    content_hash: catalogContentHash(catalog),
    signal_count: catalog.signals.length,
    meta_signal_count: catalog.meta_signals.length,
    pillars: Object.keys(catalog.pillar_weights).sort(),
    current: catalog.rules_version === ruleCatalogRegistry.current.rules_version,
  };
}

// Catalogs are immutable data: describe them once per process.
let described: z.infer<typeof catalogVersionSchema>[] | undefined;
const describeAll = () => (described ??= ruleCatalogs.map(describeCatalog));

export const ruleCatalogRoutes = [
  defineRoute({
    method: 'get',
    path: '/rule-catalog/versions',
    operationId: 'listRuleCatalogVersions',
    summary: 'Versions of the deterministic rule catalog, with their hashes',
    description:
      'Every rule-catalog version ever shipped, oldest first, with the current one: a verdict of any of them can be re-verified.',
    tags: ['rule-catalog'],
    auth: { scope: 'analyses:read' },
    responses: { 200: { description: 'catalog versions, oldest first', schema: catalogVersionsSchema } },
    handler: async () => ({ status: 200, body: { current: ruleCatalogRegistry.current.rules_version, versions: describeAll() } }),
  }),
  defineRoute({
    method: 'get',
    path: '/rule-catalog/versions/:version',
    operationId: 'getRuleCatalogVersion',
    summary: 'One rule catalog version in full: signals, meta-signals, modifiers, band floors, weights',
    description:
      'One rule-catalog version (`current` allowed): signals with code, pillar, base points, evidences and limitations, and meta-signals.',
    tags: ['rule-catalog'],
    auth: { scope: 'analyses:read' },
    params: z.strictObject({ version: text({ max: 64, min: 1 }).describe('a `rules_version`, or `current`') }),
    responses: { 200: { description: 'the catalog', schema: catalogDetailSchema }, 404: { description: 'unknown catalog version' } },
    handler: async ({ params }) => {
      const catalog = params.version === 'current' ? ruleCatalogRegistry.current : findRuleCatalog(params.version);
      if (!catalog) throw new NotFoundError('rule catalog version');
      return { status: 200, body: { ...describeCatalog(catalog), catalog } };
    },
  }),
];
