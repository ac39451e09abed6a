import type { Snapshot, SnapshotEntity } from '../../analysis/snapshot';
import type { EntityRef, GraphLimitation } from '../types';
import { findOwnershipCycles } from '../../snapshot-facts/cycles';
import { ownershipEdges } from '../../snapshot-facts/ownership-edges';
import { computeEffectiveOwnership, EffectiveOwnership } from './effective-ownership';
import { collectOwnershipLinks, OwnershipLink } from './ownership-links';
import { fromPercentNumber, Rational } from './rational';

/** Everything the beneficial-owner rules need about one subject, computed once. */
export type UboContext = {
  snapshot: Snapshot;
  subject: SnapshotEntity;
  threshold: Rational;
  thresholdPercent: number;
  entities: Map<number, SnapshotEntity>;
  ownership: EffectiveOwnership;
  ownedBy: Map<number, OwnershipLink[]>;
  /** Entities on an ownership cycle: what UBO paths mark `contains_cycle`, as the graph's paths do. */
  cyclic: Set<number>;
  /** Edge keys of links whose every record has high confidence. */
  highConfidenceEdges: Set<string>;
};

export function buildUboContext(snapshot: Snapshot, subject: SnapshotEntity, thresholdPercent: number): UboContext {
  const links = collectOwnershipLinks(snapshot, subject.entity_id);
  const ownedBy = new Map<number, OwnershipLink[]>();
  for (const l of links) (ownedBy.get(l.owner) ?? ownedBy.set(l.owner, []).get(l.owner)!).push(l);
  return {
    snapshot,
    subject,
    threshold: fromPercentNumber(thresholdPercent),
    thresholdPercent,
    entities: new Map(snapshot.network.entities.map((e) => [e.entity_id, e])),
    ownership: computeEffectiveOwnership(subject.entity_id, links),
    ownedBy,
    cyclic: findOwnershipCycles(ownershipEdges(snapshot)).onCycle,
    highConfidenceEdges: new Set(links.filter((l) => l.confidenceHigh).map((l) => l.edgeKeys[0])),
  };
}

export const entityRef = (e: SnapshotEntity): EntityRef => ({
  entity_id: e.entity_id,
  display_name: e.display_name,
  entity_type: e.entity_type,
});

export function limitation(code: string, entityId: number, message: string, details: Record<string, unknown> = {}): GraphLimitation {
  return { code, message, details, entity_id: entityId };
}
