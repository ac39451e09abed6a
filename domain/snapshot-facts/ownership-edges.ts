import type { Snapshot, SnapshotOwnershipDeclaration, SnapshotRelationship } from '../analysis/snapshot';
import { toDay } from './calendar';
import { isActiveOn, isDeclarationActiveOn } from './validity';

/**
 * Owner → owned edges of the snapshot that hold at as_of: the ownership facts both scoring
 * (upstream chains, cycles, declared owners) and the graph (beneficial owners, cycle marks) read.
 *
 * - `capital`: OWNS and PARTNER_OF, source owns target (a share may be given).
 * - `control`: CONTROLS, source controls target.
 * - `branch`: BRANCH_OF points branch → headquarters; the edge is turned round, headquarters →
 *   branch, because the headquarters is the same legal person and holds the whole branch.
 * - `declared`: a BODS declaration, owner → subject of the statement.
 * A self-holding (treasury shares) stays in the list: what it means is each reader's question.
 */
export type OwnershipEdgeKind = 'capital' | 'control' | 'branch' | 'declared';

export type OwnershipEdge = {
  ownerId: number;
  ownedId: number;
  kind: OwnershipEdgeKind;
  relationship: SnapshotRelationship | null;
  declaration: SnapshotOwnershipDeclaration | null;
};

const relationshipKinds: Record<string, OwnershipEdgeKind> = {
  OWNS: 'capital',
  PARTNER_OF: 'capital',
  CONTROLS: 'control',
  BRANCH_OF: 'branch',
};

/** The edge a relationship record stands for, whether or not it holds at as_of. */
function relationshipOwnershipEdge(r: SnapshotRelationship): OwnershipEdge | undefined {
  const kind = relationshipKinds[r.relationship_type];
  if (!kind) return undefined;
  const [ownerId, ownedId] = kind === 'branch' ? [r.target_entity_id, r.source_entity_id] : [r.source_entity_id, r.target_entity_id];
  return { ownerId, ownedId, kind, relationship: r, declaration: null };
}

function declarationOwnershipEdge(d: SnapshotOwnershipDeclaration): OwnershipEdge {
  return { ownerId: d.owner_entity_id, ownedId: d.subject_entity_id, kind: 'declared', relationship: null, declaration: d };
}

/** Relationship edges first, then declarations, each in the snapshot's (canonical: id) order. */
export function ownershipEdges(snapshot: Snapshot): OwnershipEdge[] {
  const asOf = toDay(snapshot.as_of);
  if (asOf === null) throw new Error(`snapshot as_of is not a day: ${snapshot.as_of}`);
  const edges: OwnershipEdge[] = [];
  for (const r of snapshot.network.relationships) {
    const edge = relationshipOwnershipEdge(r);
    if (edge && isActiveOn(r, asOf)) edges.push(edge);
  }
  for (const d of snapshot.ownership_declarations) if (isDeclarationActiveOn(d, asOf)) edges.push(declarationOwnershipEdge(d));
  return edges;
}
