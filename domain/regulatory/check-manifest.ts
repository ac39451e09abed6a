import type { RuleCatalog } from '../rules/types';
import type { RegulatoryManifest } from './manifest-types';

/**
 * The consistency checks of a manifest against the rule catalogs it declares compatible: every
 * problem is one line. An empty list means the manifest may ship (its unit test asserts it).
 */
export function checkManifest(manifest: RegulatoryManifest, catalogs: readonly RuleCatalog[]): string[] {
  const problems: string[] = [];
  const compatible = manifest.compatible_rules_versions.map((v) => catalogs.find((c) => c.rules_version === v));
  manifest.compatible_rules_versions.forEach((v, i) => {
    if (!compatible[i]) problems.push(`compatible rule catalog ${v} does not exist`);
  });
  const norms = new Set(manifest.norms.map((n) => n.id));
  const requirements = new Set(manifest.requirements.map((r) => r.id));
  for (const r of manifest.requirements) if (!norms.has(r.norm_id)) problems.push(`requirement ${r.id} cites unknown norm ${r.norm_id}`);
  const sectionsOf = new Map(manifest.report_types.map((t) => [t.type, new Set(t.sections.map((s) => s.key))]));
  for (const m of manifest.mappings) {
    const where = `mapping ${m.requirement_id} → ${m.report_type}.${m.section_key}`;
    if (!requirements.has(m.requirement_id)) problems.push(`${where}: unknown requirement`);
    if (!sectionsOf.get(m.report_type)?.has(m.section_key)) problems.push(`${where}: unknown report section`);
    for (const catalog of compatible) {
      if (!catalog) continue;
      const codes = new Set(catalog.signals.map((s) => s.code));
      for (const code of m.signal_codes)
        if (!codes.has(code)) problems.push(`${where}: signal ${code} is not in rule catalog ${catalog.rules_version}`);
    }
  }
  for (const type of manifest.report_types) {
    for (const t of type.norm_ids) if (!norms.has(t)) problems.push(`report type ${type.type} cites unknown norm ${t}`);
    for (const section of type.sections) {
      if (section.required && !manifest.mappings.some((m) => m.report_type === type.type && m.section_key === section.key)) {
        problems.push(`required section ${type.type}.${section.key} has no mapping`);
      }
    }
  }
  const enquadramentos = new Set(manifest.coaf.enquadramentos.map((e) => e.code));
  for (const rule of manifest.coaf.enquadramento_rules) {
    if (!enquadramentos.has(rule.code)) problems.push(`enquadramento rule for unknown code ${rule.code}`);
    for (const catalog of compatible) {
      if (!catalog) continue;
      for (const code of rule.signal_codes)
        if (!catalog.signals.some((s) => s.code === code))
          problems.push(`enquadramento ${rule.code}: signal ${code} is not in rule catalog ${catalog.rules_version}`);
    }
  }
  if (manifest.window.requirement_id !== null && !requirements.has(manifest.window.requirement_id))
    problems.push(`window cites unknown requirement ${manifest.window.requirement_id}`);
  if (manifest.window.requirement_id === null && manifest.window.basis !== 'service_freshness_rule')
    problems.push('window cites no requirement and is not the service freshness rule');
  return problems;
}

/** The regulatory versions the catalogs declare that no manifest serves (each must have one). */
export function catalogsWithoutManifest(catalogs: readonly RuleCatalog[], manifests: readonly RegulatoryManifest[]): string[] {
  return catalogs
    .filter(
      (c) => !manifests.some((m) => m.version === c.regulatory_catalog_version && m.compatible_rules_versions.includes(c.rules_version)),
    )
    .map((c) => `rule catalog ${c.rules_version} declares regulatory version ${c.regulatory_catalog_version}, which no manifest serves`);
}
