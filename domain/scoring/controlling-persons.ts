import { CONTROL_RELATIONSHIP_TYPES, type EvaluationContext } from './context';

/** Entity types counted as organizations by the network signals. */
export const ORGANIZATION_TYPES = new Set(['organization', 'foreign_entity', 'financial_institution', 'unknown']);

/** Persons who control the subject (one hop, active), and the subject itself when a person. */
export function controllingPersons(ctx: EvaluationContext): number[] {
  const ids = ctx
    .directLinks(true)
    .map((l) => l.entityId)
    .filter((id) => ctx.entity(id)?.entity_type === 'person');
  if (ctx.subject.entity_type === 'person') ids.push(ctx.subjectId);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Organizations a person partners, owns or administers in the snapshot (active links only when `activeOnly`). */
export function companiesOf(ctx: EvaluationContext, personId: number, activeOnly: boolean): number[] {
  const relationships = ctx
    .fromSource(personId)
    .filter((r) => CONTROL_RELATIONSHIP_TYPES.has(r.relationship_type) && (!activeOnly || ctx.relationshipActive(r)));
  return [...new Set(relationships.map((r) => r.target_entity_id))]
    .filter((id) => ORGANIZATION_TYPES.has(ctx.entity(id)?.entity_type ?? ''))
    .sort((a, b) => a - b);
}
