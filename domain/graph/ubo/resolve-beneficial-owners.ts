import type { Snapshot } from '../../analysis/snapshot';
import type { GraphLimitation, UboFinding, UboResolution } from '../types';
import { isActiveOn } from '../../snapshot-facts/validity';
import { buildUboFinding } from './build-ubo-finding';
import { declaredInterestsIn } from './declared-owners';
import { add, compare, ONE, toPercentNumber, ZERO } from './rational';
import { buildUboContext, entityRef, limitation, UboContext } from './ubo-context';
import { findUboPaths, selfUboPath } from './ubo-paths';

export type BeneficialOwnership = { findings: UboFinding[]; resolution: UboResolution | null; limitations: GraphLimitation[] };

const managementTypes = new Set(['ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF']);

/**
 * Beneficial owners of a legal-entity subject (natural persons only) and how complete the
 * resolution is. A natural-person subject has none: findings [] and resolution null.
 */
export function resolveBeneficialOwners(snapshot: Snapshot, thresholdPercent: number): BeneficialOwnership {
  const subject = snapshot.network.entities.find((e) => e.entity_id === snapshot.subject_entity_id);
  if (!subject || subject.entity_type === 'person') return { findings: [], resolution: null, limitations: [] };
  const ctx = buildUboContext(snapshot, subject, thresholdPercent);
  const declared = declaredInterestsIn(snapshot, subject.entity_id);
  const candidates = new Set([...ctx.ownership.upstream, ...declared.keys()]);
  candidates.delete(subject.entity_id);

  let findings = [...candidates]
    .sort((a, b) => a - b)
    .map((id) => buildUboFinding(ctx, id, declared.get(id) ?? []))
    .filter((f): f is UboFinding => f !== undefined);
  if (findings.length === 0) findings = seniorManagingOfficials(ctx);
  findings.sort(
    (a, b) =>
      (b.ownership_percentage ?? -1) - (a.ownership_percentage ?? -1) || a.beneficial_owner.entity_id - b.beneficial_owner.entity_id,
  );

  return { findings, resolution: resolution(ctx, declared.size > 0), limitations: dataLimitations(ctx) };
}

/** FATF fallback: no person identified through ownership or control → the managing officials. */
function seniorManagingOfficials(ctx: UboContext): UboFinding[] {
  const subjectId = ctx.subject.entity_id;
  return ctx.snapshot.network.relationships
    .filter((r) => r.target_entity_id === subjectId && managementTypes.has(r.relationship_type) && isActiveOn(r, ctx.snapshot.as_of))
    .map((r) => ({ r, person: ctx.entities.get(r.source_entity_id) }))
    .filter(({ person }) => person?.entity_type === 'person')
    .filter(({ r }, i, all) => all.findIndex((x) => x.r.source_entity_id === r.source_entity_id) === i)
    .map(({ r, person }) => ({
      beneficial_owner: entityRef(person!),
      organization: entityRef(ctx.subject),
      beneficial_ownership_type: 'senior_managing_official' as const,
      confidence_level: 'low' as const,
      control_type: 'management' as const,
      status: 'fallback' as const,
      source: 'registry_partner_data' as const,
      identification_reason: `No natural person owns more than ${ctx.thresholdPercent}% or controls ${ctx.subject.display_name}: its managing official (${r.relationship_role ?? r.relationship_type}) is reported instead.`,
      control_chain_depth: 1,
      is_direct: true,
      ownership_percentage: null,
      voting_percentage: null,
      limitations: [
        limitation(
          'no_owner_identified',
          r.source_entity_id,
          'Reported as senior managing official because no beneficial owner was identified through ownership or control.',
        ),
      ],
      paths: [],
    }));
}

function resolution(ctx: UboContext, hasDeclarations: boolean): UboResolution {
  const { ownership, entities } = ctx;
  const subjectId = ctx.subject.entity_id;
  const unresolved: UboResolution['unresolved'] = [];
  let personsFlow = ZERO;
  for (const id of [...ownership.upstream].sort((a, b) => a - b)) {
    const entity = entities.get(id);
    if (entity?.entity_type === 'person') personsFlow = add(personsFlow, ownership.flow.get(id) ?? ZERO);
    const chainEnd = (ownership.ownersOf.get(id) ?? []).length === 0 && !(id === subjectId && hasDeclarations);
    if (!entity || entity.entity_type === 'person' || !chainEnd) continue;
    const paths = id === subjectId ? [selfUboPath(id)] : findUboPaths(subjectId, id, ownership.ownersOf, ctx.ownedBy, ctx.cyclic).paths;
    unresolved.push({ entity: entityRef(entity), paths });
  }
  return {
    has_upstream_ownership: (ownership.ownersOf.get(subjectId) ?? []).length > 0 || hasDeclarations,
    unresolved,
    fully_resolved:
      unresolved.length === 0 && ownership.unknownRoute.size === 0 && ownership.unsolvable.length === 0 && compare(personsFlow, ONE) === 0,
  };
}

/** Data problems met on the way: shares that do not add up, unsolvable closed loops. */
function dataLimitations(ctx: UboContext): GraphLimitation[] {
  const out: GraphLimitation[] = [];
  for (const id of [...ctx.ownership.upstream].sort((a, b) => a - b)) {
    const owners = (ctx.ownership.ownersOf.get(id) ?? []).filter((l) => l.carriesCapital);
    if (owners.length === 0 || owners.some((l) => l.share === null)) continue;
    const total = owners.reduce((sum, l) => add(sum, l.share!), ZERO);
    const cmp = compare(total, ONE);
    if (cmp < 0)
      out.push(
        limitation(
          'ownership_incomplete',
          id,
          'The known holdings of this entity add up to less than 100%: part of its owners is unknown.',
          { known_share_percentage: toPercentNumber(total) },
        ),
      );
    if (cmp > 0)
      out.push(
        limitation('ownership_exceeds_total', id, 'The recorded holdings of this entity add up to more than 100%: the sources disagree.', {
          recorded_share_percentage: toPercentNumber(total),
        }),
      );
  }
  if (ctx.ownership.unsolvable.length > 0) {
    out.push(
      limitation(
        'ownership_cycle_unsolvable',
        ctx.subject.entity_id,
        'A closed loop of entities owning each other entirely has no ultimate owner.',
        { entity_ids: ctx.ownership.unsolvable },
      ),
    );
  }
  return out;
}
