import { findRegulatoryManifest } from '../../regulatory/manifest-registry';

/** Each norm of the manifests as the dossier names it in a citation (the manifest's `reference` is the full title). */
const normNames: Readonly<Record<string, string>> = {
  'LEI-9613-1998': 'Lei 9.613/1998',
  'CIRCULAR-BCB-3978-2020': 'Circular BCB 3.978/2020',
  'CARTA-CIRCULAR-BCB-4001-2020': 'Carta Circular BCB 4.001/2020',
  'RESOLUCAO-CVM-50-2021': 'Resolução CVM 50/2021',
};

/**
 * What a section of the dossier serves, as its heading cites it (docs/reports.md, "The dossier
 * PDF"): the articles of the requirements the section is built for, in the words of the manifest
 * the report was built with — so a report keeps citing its own manifest (the qualification
 * section: Circular BCB 3.978/2020, arts. 18 e 19 from manifest 2026.12.2). Requirements of one
 * norm are cited together; null when the section serves none the manifest knows.
 */
export function sectionCitation(manifestVersion: string, requirementIds: readonly string[]): string | null {
  const manifest = findRegulatoryManifest(manifestVersion);
  if (!manifest || manifestVersion === 'current') return null;
  const byNorm = new Map<string, string[]>();
  for (const id of requirementIds) {
    const requirement = manifest.requirements.find((r) => r.id === id);
    if (!requirement) continue;
    const articles = byNorm.get(requirement.norm_id) ?? [];
    if (!articles.includes(requirement.article)) articles.push(requirement.article);
    byNorm.set(requirement.norm_id, articles);
  }
  const norms = [...byNorm.entries()].map(
    ([norm, articles]) => `${normNames[norm] ?? manifest.norms.find((n) => n.id === norm)?.reference ?? norm}, ${articles.join('; ')}`,
  );
  return norms.length ? `Fundamento normativo: ${norms.join('; ')}.` : null;
}
