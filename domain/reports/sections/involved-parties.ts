import type { SnapshotEntity } from '../../analysis/snapshot';
import { entityOf, exposedPepsOf, subjectOf } from '../report-facts';
import type { ReportBuildInput, SectionBuilder } from '../report-types';

// Siscoaf TpEnv codes of the manifest (coaf.envolvimento_types).
const TITULAR = '1';
const PARTNER = '2';
const BENEFICIAL_OWNER = '3';
const RELATED_PEP = '4';
const partnerTypes = new Set(['PARTNER_OF', 'OWNS', 'ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF', 'CONTROLS']);

function party(input: ReportBuildInput, entity: SnapshotEntity, typeCode: string, role: string) {
  const peps = exposedPepsOf(input, entity.entity_id);
  return {
    entity_id: entity.entity_id,
    name: entity.display_name,
    document: entity.document,
    entity_type: entity.entity_type,
    type_code: typeCode,
    role,
    pep: peps.length > 0,
    public_servant: peps.some((p) => p.record.pep_type === 'public_official'),
    // Lei 9.613 art. 9: a financial institution is itself obliged to communicate.
    obligated_person: entity.entity_type === 'financial_institution',
  };
}

/**
 * The parties of the communication (Siscoaf ENVOLVIDOS): the subject, its direct partners and
 * administrators, its beneficial owners and the PEPs of its network; each entity once, under
 * the first role in that order.
 */
export const buildInvolvedParties: SectionBuilder = (input) => {
  const subject = subjectOf(input);
  const parties = [party(input, subject, TITULAR, 'titular')];
  const seen = new Set([subject.entity_id]);
  const add = (entityId: number, code: string, role: string) => {
    const entity = entityOf(input, entityId);
    if (!entity || seen.has(entityId)) return;
    seen.add(entityId);
    parties.push(party(input, entity, code, role));
  };
  for (const r of input.snapshot.network.relationships) {
    if (r.target_entity_id === subject.entity_id && r.is_active && partnerTypes.has(r.relationship_type))
      add(r.source_entity_id, PARTNER, r.relationship_role ?? r.relationship_type);
  }
  for (const f of input.graph.ubo_findings) add(f.beneficial_owner.entity_id, BENEFICIAL_OWNER, 'beneficiário final');
  for (const p of input.graph.network_peps) add(p.entity.entity_id, RELATED_PEP, `PEP de grau ${p.pep_degree}`);
  return { content: { parties }, sources: ['snapshot.network', 'snapshot.pep_records', 'graph.ubo_findings', 'graph.network_peps'] };
};
