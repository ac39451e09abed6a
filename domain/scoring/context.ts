import type { Snapshot, SnapshotEntity, SnapshotRelationship } from '../analysis/snapshot';
import type { RuleCatalog } from '../rules/types';
import { toDay, type Day } from '../snapshot-facts/calendar';
import { findOwnershipCycles, type OwnershipCycles } from '../snapshot-facts/cycles';
import { ownershipEdges, type OwnershipEdge } from '../snapshot-facts/ownership-edges';
import { exposedPeps, pepGraceYears, type ExposedPep } from '../snapshot-facts/pep-status';
import { isActiveOn } from '../snapshot-facts/validity';
import { networkHops } from './network-hops';

export const CONTROL_RELATIONSHIP_TYPES = new Set(['PARTNER_OF', 'OWNS', 'CONTROLS', 'ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF']);

/** A direct (one hop) link between the subject and another entity, active at as_of. */
export type DirectLink = { entityId: number; relationship: SnapshotRelationship };

/** Owner → owned (OWNS, PARTNER_OF, CONTROLS, declarations); a branch is its headquarters' own person, not owned. */
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
  /** Hops and shortest paths from the subject (network-hops.ts). */
  hop(id: number): number | undefined;
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

  const outgoing = new Map<number, SnapshotRelationship[]>();
  const bySource = new Map<number, SnapshotRelationship[]>();
  for (const r of snapshot.network.relationships) {
    (bySource.get(r.source_entity_id) ?? bySource.set(r.source_entity_id, []).get(r.source_entity_id)!).push(r);
    if (relationshipActive(r)) (outgoing.get(r.source_entity_id) ?? outgoing.set(r.source_entity_id, []).get(r.source_entity_id)!).push(r);
  }
  const { hop, pathTo } = networkHops(snapshot);

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
  return {
    snapshot,
    asOf,
    subjectId,
    subject,
    entity: (id) => entities.get(id),
    hop,
    pathTo,
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
