import type { Snapshot } from '../analysis/snapshot';
import { toDay } from '../snapshot-facts/calendar';
import { exposedPeps } from '../snapshot-facts/pep-status';
import type { NetworkPep } from './types';

/**
 * Politically exposed persons in the subject's network (the subject excluded), one item per
 * position held, ordered by degree, entity and start date. Who is exposed is scoring's answer
 * too (snapshot-facts/pep-status.ts, with the catalog's grace period). The degree is the entity's hop from
 * the subject in the snapshot network, which the display bounds of the graph do not change.
 */
export function collectNetworkPeps(snapshot: Snapshot, graceYears: number): NetworkPep[] {
  const entities = new Map(snapshot.network.entities.map((e) => [e.entity_id, e]));
  const peps: (NetworkPep & { record: number })[] = [];
  const asOf = toDay(snapshot.as_of);
  if (asOf === null) throw new Error(`snapshot as_of is not a day: ${snapshot.as_of}`);
  for (const { record: r, status } of exposedPeps(snapshot.pep_records, asOf, graceYears)) {
    const entity = entities.get(r.entity_id);
    if (!entity || entity.entity_id === snapshot.subject_entity_id) continue;
    peps.push({
      record: r.pep_record_id,
      entity: { entity_id: entity.entity_id, display_name: entity.display_name, entity_type: entity.entity_type },
      pep_degree: entity.hop,
      position_title: r.role_description ?? r.role_acronym,
      institution_name: r.institution_name,
      start_date: r.start_date,
      end_date: r.end_date,
      pep_status: status,
      pep_type: r.pep_type,
    });
  }
  peps.sort(
    (a, b) =>
      a.pep_degree - b.pep_degree ||
      a.entity.entity_id - b.entity.entity_id ||
      (a.start_date ?? '').localeCompare(b.start_date ?? '') ||
      a.record - b.record,
  );
  return peps.map(({ record: _record, ...pep }) => pep);
}
