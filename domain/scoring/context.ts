import type { Snapshot, SnapshotEntity, SnapshotRelationship } from '../analysis/snapshot';
import type { RuleCatalog } from '../rules/types';
import { toDay, type Day } from '../snapshot-facts/calendar';
import { findOwnershipCycles, type OwnershipCycles } from '../snapshot-facts/cycles';
import { ownershipEdges, type OwnershipEdge } from '../snapshot-facts/ownership-edges';
import { exposedPeps, pepGraceYears, type ExposedPep } from '../snapshot-facts/pep-status';
import { isActiveOn } from '../snapshot-facts/validity';

export const CONTROL_RELATIONSHIP_TYPES = new Set(['PARTNER_OF', 'OWNS', 'CONTROLS', 'ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF']);

/** A direct (one hop) link between the subject and another entity, active at as_of. */
export type DirectLink = { entityId: number; relationship: SnapshotRelationship };

/**
 * An owner edge, owner → owned, from a relationship (OWNS, PARTNER_OF, CONTROLS) or a BODS
 * declaration. Branch links are not ownership here: a branch is its headquarters' own person.
 */
export type OwnerEdge = OwnershipEdge;

/**
 * Indexes over one canonical snapshot, built once and shared by every evaluator. Everything
 * is derived in canonical order (ids ascending) so that paths and lists are deterministic.
 */
export type EvaluationContext = {
  snapshot: Snapshot;
  asOf: Day;
  subjectId: number;
  subject: SnapshotEntity;
  entity(id: number): SnapshotEntity | undefined;
  /** Hops from the subject over any relationship, either direction (undefined = unreachable). */
  hop(id: number): number | undefined;
  /** A shortest path subject → id (entity ids), or [id] when unreachable. */
  pathTo(id: number): number[];
  relationshipActive(relationship: SnapshotRelationship): boolean;
  /** Active one-hop links of the subject; `controlOnly` keeps partner/owner/administrator links. */
  directLinks(controlOnly: boolean): DirectLink[];
  /** Active owners of an entity (relationships and declarations), owner ids ascending. */
  ownersOf(id: number): OwnerEdge[];
  /** Cross-holdings among the owner edges (snapshot-facts/cycles.ts). */
  ownershipCycles: OwnershipCycles;
  ownerEdges: readonly OwnerEdge[];
  /** PEP records exposing their holder at as_of, with the catalog's grace period. */
  peps: readonly ExposedPep[];
  /** Active relationships where `id` is the source (what it owns, administers...). */
  outgoing(id: number): SnapshotRelationship[];
  /** Every relationship where `id` is the source, active or not. */
  fromSource(id: number): SnapshotRelationship[];
  hasSnapshotLimitation(code: string): boolean;
};

export function buildContext(snapshot: Snapshot, catalog: RuleCatalog): EvaluationContext {
  const asOf = toDay(snapshot.as_of);
  if (!asOf) throw new Error(`snapshot as_of is not a day: ${snapshot.as_of}`);
  const entities = new Map(snapshot.network.entities.map((e) => [e.entity_id, e]));
  const subject = entities.get(snapshot.subject_entity_id);
  if (!subject) throw new Error(`snapshot has no subject entity ${snapshot.subject_entity_id}`);

  const relationshipActive = (r: SnapshotRelationship): boolean => isActiveOn(r, asOf);

  const neighbours = new Map<number, number[]>();
  const outgoing = new Map<number, SnapshotRelationship[]>();
  const link = (a: number, b: number) => {
    if (!neighbours.has(a)) neighbours.set(a, []);
    neighbours.get(a)!.push(b);
  };
  for (const r of snapshot.network.relationships) {
    link(r.source_entity_id, r.target_entity_id);
    link(r.target_entity_id, r.source_entity_id);
    if (relationshipActive(r)) {
      if (!outgoing.has(r.source_entity_id)) outgoing.set(r.source_entity_id, []);
      outgoing.get(r.source_entity_id)!.push(r);
    }
  }
  for (const d of snapshot.ownership_declarations) {
    link(d.owner_entity_id, d.subject_entity_id);
    link(d.subject_entity_id, d.owner_entity_id);
  }
  const { hops, parents } = breadthFirst(snapshot.subject_entity_id, neighbours);

  // A company holding its own shares is not its own owner: no chain goes through it.
  const ownerEdges = ownershipEdges(snapshot).filter((e) => e.kind !== 'branch' && e.ownerId !== e.ownedId);
  const owners = new Map<number, OwnerEdge[]>();
  for (const edge of ownerEdges) (owners.get(edge.ownedId) ?? owners.set(edge.ownedId, []).get(edge.ownedId)!).push(edge);
  for (const list of owners.values()) list.sort((a, b) => a.ownerId - b.ownerId);

  const limitationCodes = new Set(snapshot.limitations.map((l) => l.code));
  const subjectId = snapshot.subject_entity_id;
  const subjectLinks = snapshot.network.relationships
    .filter((r) => relationshipActive(r) && (r.source_entity_id === subjectId) !== (r.target_entity_id === subjectId))
    .map((r) => ({ entityId: r.source_entity_id === subjectId ? r.target_entity_id : r.source_entity_id, relationship: r }));
  const controlLinks = subjectLinks.filter((l) => CONTROL_RELATIONSHIP_TYPES.has(l.relationship.relationship_type));
  const bySource = new Map<number, SnapshotRelationship[]>();
  for (const r of snapshot.network.relationships) {
    if (!bySource.has(r.source_entity_id)) bySource.set(r.source_entity_id, []);
    bySource.get(r.source_entity_id)!.push(r);
  }
  return {
    snapshot,
    asOf,
    subjectId,
    subject,
    entity: (id) => entities.get(id),
    hop: (id) => hops.get(id),
    pathTo: (id) => {
      if (!hops.has(id)) return [id];
      const path = [id];
      while (path[0] !== subjectId) path.unshift(parents.get(path[0])!);
      return path;
    },
    relationshipActive,
    directLinks: (controlOnly) => (controlOnly ? controlLinks : subjectLinks),
    ownersOf: (id) => owners.get(id) ?? [],
    ownershipCycles: findOwnershipCycles(ownerEdges),
    ownerEdges,
    peps: exposedPeps(snapshot.pep_records, asOf, pepGraceYears(catalog)),
    outgoing: (id) => outgoing.get(id) ?? [],
    fromSource: (id) => bySource.get(id) ?? [],
    hasSnapshotLimitation: (code) => limitationCodes.has(code),
  };
}

function breadthFirst(root: number, neighbours: Map<number, number[]>) {
  const hops = new Map<number, number>([[root, 0]]);
  const parents = new Map<number, number>();
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const id of frontier) {
      // Sorted neighbours: the first shortest path by ids wins, whatever the input order.
      for (const n of [...(neighbours.get(id) ?? [])].sort((a, b) => a - b)) {
        if (hops.has(n)) continue;
        hops.set(n, hops.get(id)! + 1);
        parents.set(n, id);
        next.push(n);
      }
    }
    frontier = next.sort((a, b) => a - b);
  }
  return { hops, parents };
}
