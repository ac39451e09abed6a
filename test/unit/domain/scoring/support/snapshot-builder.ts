import type {
  EntityType,
  Snapshot,
  SnapshotEntity,
  SnapshotMediaHit,
  SnapshotPepRecord,
  SnapshotProceeding,
  SnapshotRelationship,
  SnapshotSanction,
  SnapshotOwnershipDeclaration,
} from '../../../../../domain/analysis/snapshot';

/** Small builders for hand-written snapshots; ids are fake and names obviously fictitious. */
export function entity(entity_id: number, entity_type: EntityType, name: string, extra: Partial<SnapshotEntity> = {}): SnapshotEntity {
  return {
    entity_id,
    entity_type,
    display_name: name,
    normalized_name: name.toUpperCase(),
    document: null,
    document_type: entity_type === 'person' ? 'cpf' : 'cnpj',
    status: entity_type === 'person' ? null : 'ATIVA',
    hop: 0,
    profile: {},
    ...extra,
  };
}

let nextRelationshipId = 1000;
export function rel(source: number, target: number, type: string, extra: Partial<SnapshotRelationship> = {}): SnapshotRelationship {
  nextRelationshipId += 1;
  return {
    relationship_id: nextRelationshipId,
    source_entity_id: source,
    target_entity_id: target,
    relationship_type: type,
    relationship_subtype: null,
    relationship_role: null,
    qualification_code: null,
    ownership_percentage: null,
    voting_percentage: null,
    valid_from: null,
    valid_to: null,
    is_active: true,
    evidence_source: 'rf',
    evidence_table: null,
    evidence_id: null,
    confidence_level: 'high',
    ...extra,
  };
}

export function sanction(
  sanction_id: number,
  entity_id: number,
  list_code: string,
  start_date: string | null,
  end_date: string | null,
): SnapshotSanction {
  return {
    sanction_id,
    entity_id,
    list_code,
    sanction_type: 'Impedimento de licitar',
    start_date,
    end_date,
    sanctioning_body: 'Fictitious Agency',
    process_number: `PROC-${sanction_id}`,
    legal_basis: 'Lei 8.666/1993, art. 87',
  };
}

export function pep(
  pep_record_id: number,
  entity_id: number,
  start_date: string | null,
  end_date: string | null,
  extra: Partial<SnapshotPepRecord> = {},
): SnapshotPepRecord {
  return {
    pep_record_id,
    entity_id,
    role_acronym: 'DAS',
    role_description: 'Diretor de Departamento',
    role_level: 'DAS-4',
    institution_name: 'Ministério Fictício',
    start_date,
    end_date,
    grace_end_date: null,
    pep_type: 'public_official',
    ...extra,
  };
}

export function proceeding(
  proceeding_id: number,
  parties: { entity_id: number; role: string | null }[],
  extra: Partial<SnapshotProceeding> = {},
): SnapshotProceeding {
  return {
    proceeding_id,
    proceeding_number: `PAR-${proceeding_id}`,
    proceeding_type: 'PAR',
    status: 'em andamento',
    opened_at: '2025-01-10',
    decision_date: null,
    closed_at: null,
    authority: 'CGU',
    summary: 'Fictitious proceeding',
    parties,
    ...extra,
  };
}

export function declaration(
  declaration_id: number,
  subject: number,
  owner: number,
  extra: Partial<SnapshotOwnershipDeclaration> = {},
): SnapshotOwnershipDeclaration {
  return {
    declaration_id,
    subject_entity_id: subject,
    owner_entity_id: owner,
    interest_types: ['shareholding'],
    share_exact: '60.000000',
    share_minimum: null,
    share_maximum: null,
    is_direct: true,
    beneficial_ownership_or_control: true,
    start_date: '2020-01-01',
    end_date: null,
    statement_id: `stmt-${declaration_id}`,
    ...extra,
  };
}

export function mediaHit(article_id: string, entity_id: number, category: string, extra: Partial<SnapshotMediaHit> = {}): SnapshotMediaHit {
  return {
    article_id,
    url: `https://news.example.test/${article_id}`,
    title: `Fictitious article ${article_id}`,
    source: 'Example News',
    published_at: '2026-03-01T10:00:00Z',
    entity_id,
    matched_name: 'FICTITIOUS',
    match_type: 'exact',
    match_score: 95,
    category,
    snippet: 'fictitious snippet',
    ...extra,
  };
}

export function snapshot(
  subjectId: number,
  entities: SnapshotEntity[],
  parts: Partial<Omit<Snapshot, 'network'>> & { relationships?: SnapshotRelationship[]; truncated?: boolean; maxDepth?: number } = {},
): Snapshot {
  const { relationships = [], truncated = false, maxDepth = 2, ...rest } = parts;
  return {
    schema_version: 1,
    as_of: '2026-11-21',
    subject_entity_id: subjectId,
    network: { max_depth: maxDepth, truncated, entities, relationships },
    pep_records: [],
    sanctions: [],
    proceedings: [],
    ownership_declarations: [],
    media_hits: [],
    limitations: [],
    ...rest,
  };
}
