import type { UboFinding, UboPath } from '../../graph/types';
import { documentOf, entityOf } from '../report-facts';
import type { ReportBuildInput, SectionBuilder } from '../report-types';

/** The chain of names from the owner down to the subject, along the finding's first path. */
function chainOf(input: ReportBuildInput, paths: UboPath[]): string[] {
  const path = paths[0];
  if (!path) return [];
  return path.node_keys.map((n) => entityOf(input, n.canonical_id)?.display_name ?? `#${n.canonical_id}`);
}

function ownerOf(input: ReportBuildInput, f: UboFinding) {
  return {
    entity_id: f.beneficial_owner.entity_id,
    name: f.beneficial_owner.display_name,
    entity_type: f.beneficial_owner.entity_type,
    document: documentOf(input, f.beneficial_owner.entity_id),
    organization: f.organization.display_name,
    ownership_type: f.beneficial_ownership_type,
    control_type: f.control_type,
    status: f.status,
    confidence: f.confidence_level,
    ownership_percentage: f.ownership_percentage,
    voting_percentage: f.voting_percentage,
    chain_depth: f.control_chain_depth,
    is_direct: f.is_direct,
    chain: chainOf(input, f.paths),
    reason: f.identification_reason,
  };
}

/** Beneficial owners and their control chains (Circular 3.978 arts. 16 and 18), from the graph. */
export const buildBeneficialOwners: SectionBuilder = (input) => {
  const resolution = input.graph.ubo_resolution;
  return {
    content: {
      applicable: resolution !== null,
      fully_resolved: resolution?.fully_resolved ?? null,
      has_upstream_ownership: resolution?.has_upstream_ownership ?? null,
      owners: input.graph.ubo_findings.map((f) => ownerOf(input, f)),
      unresolved: (resolution?.unresolved ?? []).map((u) => ({
        entity_id: u.entity.entity_id,
        name: u.entity.display_name,
        chain: chainOf(input, u.paths),
      })),
    },
    sources: ['graph.ubo_findings', 'graph.ubo_resolution', 'snapshot.network.entities'],
  };
};
