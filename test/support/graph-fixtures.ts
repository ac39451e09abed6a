import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * An entity-store network for the graph endpoints, inserted directly (fake names, `fixture:`
 * source keys). The analysis itself is produced by the real POST /analyses.
 *
 *   P ─60%→ H ─50%→ T ←10%─ P        Q ─40%→ H, Q ─40%→ T     (the worked example: P 40 %, Q 60 %)
 *   Q ─FAMILY_OF→ R ─ADMINISTERS→ S ←PARTNER_OF─ U            (hops 2, 3, 4)
 *   U ─OWNS→ V1, V2 ; W ─ADMINISTERS→ U                        (hop 5: outside a depth-4 graph)
 *   X ─ADMINISTERS→ S                                          (hop 4, nothing beyond it)
 *   proceeding with party P; Q a PEP who left office 3 years before today
 */
export type GraphNetwork = Record<'T' | 'H' | 'P' | 'Q' | 'R' | 'S' | 'U' | 'V1' | 'V2' | 'W' | 'X', number> & { proceeding: number };

async function entity(db: Knex, type: 'person' | 'organization', name: string): Promise<number> {
  const display = `${name} ${randomUUID().slice(0, 8)}`;
  const [row] = await db('entities')
    .insert({
      entity_type: type,
      display_name: display,
      normalized_name: display.toLowerCase(),
      status: type === 'organization' ? 'ATIVA' : null,
      profile: '{}',
      source_key: `fixture:${randomUUID()}`,
    })
    .returning('id');
  return row.id;
}

async function relate(db: Knex, source: number, target: number, type: string, ownership: string | null = null): Promise<void> {
  await db('relationships').insert({
    source_entity_id: source,
    target_entity_id: target,
    relationship_type: type,
    ownership_percentage: ownership,
    is_active: true,
    evidence_source: 'manual',
    confidence_level: 'high',
    source_key: `fixture:${randomUUID()}`,
  });
}

function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

export async function createGraphNetwork(db: Knex): Promise<GraphNetwork> {
  const ids = {} as GraphNetwork;
  for (const [key, type] of [
    ['T', 'organization'],
    ['H', 'organization'],
    ['P', 'person'],
    ['Q', 'person'],
    ['R', 'person'],
    ['S', 'organization'],
    ['U', 'organization'],
    ['V1', 'organization'],
    ['V2', 'organization'],
    ['W', 'person'],
    ['X', 'person'],
  ] as const) {
    ids[key] = await entity(db, type, `Graph ${key}`);
  }
  await relate(db, ids.P, ids.H, 'OWNS', '60.000000');
  await relate(db, ids.H, ids.T, 'OWNS', '50.000000');
  await relate(db, ids.P, ids.T, 'OWNS', '10.000000');
  await relate(db, ids.Q, ids.H, 'OWNS', '40.000000');
  await relate(db, ids.Q, ids.T, 'OWNS', '40.000000');
  await relate(db, ids.Q, ids.R, 'FAMILY_OF');
  await relate(db, ids.R, ids.S, 'ADMINISTERS');
  await relate(db, ids.U, ids.S, 'PARTNER_OF');
  await relate(db, ids.U, ids.V1, 'OWNS', '100.000000');
  await relate(db, ids.U, ids.V2, 'OWNS', '100.000000');
  await relate(db, ids.W, ids.U, 'ADMINISTERS');
  await relate(db, ids.X, ids.S, 'ADMINISTERS');

  const [proceeding] = await db('proceedings')
    .insert({
      proceeding_number: `PAR-${randomUUID().slice(0, 8)}`,
      proceeding_type: 'PAR',
      status: 'em andamento',
      opened_at: '2024-05-02',
      authority: 'CGU',
    })
    .returning('id');
  ids.proceeding = proceeding.id;
  await db('proceeding_parties').insert({ proceeding_id: proceeding.id, entity_id: ids.P, name: 'Graph P', role: 'investigado' });
  const q = await db('entities').where({ id: ids.Q }).first('display_name', 'normalized_name');
  await db('pep_records').insert({
    entity_id: ids.Q,
    name: q.display_name,
    normalized_name: q.normalized_name,
    role_acronym: 'SEC',
    role_description: 'Secretário Municipal',
    institution_name: 'Prefeitura',
    start_date: yearsAgo(8),
    end_date: yearsAgo(3),
    pep_type: 'public_official',
    source_key: `fixture:${randomUUID()}`,
  });
  return ids;
}
