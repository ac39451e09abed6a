import type {
  EntityType,
  Snapshot,
  SnapshotEntity,
  SnapshotOwnershipDeclaration,
  SnapshotRelationship,
} from '../../../../../domain/analysis/snapshot';

/** Small hand-written snapshots for the graph tests: entities by id, relationships as tuples. */
export type Rel = [source: number, target: number, type: string, percent?: string | null, extra?: Partial<SnapshotRelationship>];

export function entity(id: number, type: EntityType = 'organization', hop = 0, extra: Partial<SnapshotEntity> = {}): SnapshotEntity {
  return {
    entity_id: id,
    entity_type: type,
    display_name: `E${id}`,
    normalized_name: `e${id}`,
    document: null,
    document_type: null,
    status: 'ATIVA',
    hop,
    profile: {},
    ...extra,
  };
}

export function snapshotOf(
  input: {
    subject: number;
    entities: SnapshotEntity[];
    rels?: Rel[];
    declarations?: Partial<SnapshotOwnershipDeclaration>[];
    asOf?: string;
  } & Partial<Omit<Snapshot, 'network'>>,
): Snapshot {
  const rels = input.rels ?? [];
  return {
    schema_version: 1,
    as_of: input.asOf ?? '2026-06-30',
    subject_entity_id: input.subject,
    network: {
      max_depth: 4,
      truncated: false,
      entities: input.entities,
      relationships: rels.map(([source, target, type, percent, extra], i) => ({
        relationship_id: 1000 + i,
        source_entity_id: source,
        target_entity_id: target,
        relationship_type: type,
        relationship_subtype: null,
        relationship_role: null,
        qualification_code: null,
        ownership_percentage: percent ?? null,
        voting_percentage: null,
        valid_from: null,
        valid_to: null,
        is_active: true,
        evidence_source: 'bods',
        evidence_table: null,
        evidence_id: null,
        confidence_level: 'high',
        ...extra,
      })),
    },
    pep_records: input.pep_records ?? [],
    sanctions: [],
    proceedings: input.proceedings ?? [],
    ownership_declarations: (input.declarations ?? []).map((d, i) => ({
      declaration_id: 500 + i,
      subject_entity_id: input.subject,
      owner_entity_id: 0,
      interest_types: ['shareholding'],
      share_exact: null,
      share_minimum: null,
      share_maximum: null,
      is_direct: true,
      beneficial_ownership_or_control: true,
      start_date: null,
      end_date: null,
      statement_id: `stmt-${i}`,
      ...d,
    })),
    media_hits: [],
    limitations: [],
  };
}

/** Persons 1–99, organizations 100+ (a convention of these tests). */
export function entitiesFor(ids: number[]): SnapshotEntity[] {
  return ids.map((id) => entity(id, id < 100 ? 'person' : 'organization'));
}
