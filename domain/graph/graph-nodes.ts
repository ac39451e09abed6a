import type { SnapshotEntity, SnapshotProceeding } from '../analysis/snapshot';
import { entityNodeKey, proceedingNodeKey } from './keys';
import type { GraphNode } from './types';

/** Receita Federal registration statuses (and their like) under which an entity no longer operates. */
const inactiveStatuses = new Set(['BAIXADA', 'SUSPENSA', 'INAPTA', 'NULA', 'CANCELADA', 'EXTINTA', 'INATIVA', 'EXTINTO']);
const deceased = /obit|óbit|falec|deceas|dead/i;
const closedProceeding = /arquiv|encerr|closed|conclu|extint|baixad/i;

const dateOrNull = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export function entityNode(e: SnapshotEntity): GraphNode {
  const status = e.status ?? 'unknown';
  const dead = typeof e.profile.death_status === 'string' && deceased.test(e.profile.death_status);
  const isActive = !inactiveStatuses.has(status.toUpperCase()) && !dead;
  return {
    key: entityNodeKey(e.entity_id),
    label: 'Entity',
    canonical_id: e.entity_id,
    canonical_table: 'entities',
    source_id: e.entity_id,
    entity_type: e.entity_type,
    display_name: e.display_name,
    status,
    is_active: isActive,
    is_expanded: false,
    // Receita publishes partner CPFs masked: such a person is matched on name + masked digits.
    is_inferred: e.document_type === 'cpf_masked',
    signal_severity: 'clean',
    valid_from: dateOrNull(e.profile.incorporation_date) ?? dateOrNull(e.profile.birth_date),
    valid_to: isActive ? null : dateOrNull(e.profile.status_date),
    opened_at: null,
    decision_date: null,
    closed_at: null,
    proceeding_number: null,
    proceeding_type: null,
  };
}

export function isProceedingActive(p: Pick<SnapshotProceeding, 'closed_at' | 'status'>, asOf: string): boolean {
  if (p.closed_at !== null && p.closed_at <= asOf) return false;
  return !(p.status && closedProceeding.test(p.status));
}

export function proceedingNode(p: SnapshotProceeding, asOf: string): GraphNode {
  return {
    key: proceedingNodeKey(p.proceeding_id),
    label: 'AdministrativeProceeding',
    canonical_id: p.proceeding_id,
    canonical_table: 'proceedings',
    source_id: p.proceeding_id,
    entity_type: null,
    display_name: p.authority ? `${p.proceeding_number} (${p.authority})` : p.proceeding_number,
    status: p.status ?? 'unknown',
    is_active: isProceedingActive(p, asOf),
    is_expanded: false,
    is_inferred: false,
    signal_severity: 'clean',
    valid_from: p.opened_at,
    valid_to: p.closed_at,
    opened_at: p.opened_at,
    decision_date: p.decision_date,
    closed_at: p.closed_at,
    proceeding_number: p.proceeding_number,
    proceeding_type: p.proceeding_type,
  };
}
