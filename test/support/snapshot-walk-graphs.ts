import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/create-db';
import { LINK_PRIORITY } from '../../db/repositories/entities/snapshot-walk';

/**
 * Small entity graphs for the network-walk tests, seeded into the shared test database as their
 * own components (fresh entities, linked only to each other). Nodes get ascending ids in the order
 * listed, so "ties broken by id" reads as "ties broken by listing order".
 */
export type GraphSpec = {
  nodes: string[];
  /** [from, to, type]; DECLARED_OWNER becomes a BODS declaration (from owns to), any other type a relationship. */
  links: [string, string, string][];
};

/** Every type the walk ranks, plus the two it treats specially: an unlisted type and the account link. */
export const LINK_TYPES = [...Object.keys(LINK_PRIORITY), 'ACCOUNT_AT_INSTITUTION', 'UNLISTED_TEST_LINK'];

export async function seedGraph(db: Executor, spec: GraphSpec): Promise<Record<string, number>> {
  const run = `walk-${randomUUID()}`;
  const rows = await db('entities')
    .insert(
      spec.nodes.map((name, i) => ({
        entity_type: 'organization',
        display_name: `Walk ${name} Fictitious`,
        normalized_name: `WALK ${name.toUpperCase()}`,
        source_key: `${run}-n${i}`,
      })),
    )
    .returning(['id', 'source_key']);
  const idOf = new Map(rows.map((r: { id: number; source_key: string }) => [r.source_key, Number(r.id)]));
  const ids = Object.fromEntries(spec.nodes.map((name, i) => [name, idOf.get(`${run}-n${i}`)!]));
  const relationships = spec.links
    .filter(([, , type]) => type !== 'DECLARED_OWNER')
    .map(([from, to, type], i) => ({
      source_entity_id: ids[from],
      target_entity_id: ids[to],
      relationship_type: type,
      evidence_source: 'test',
      source_key: `${run}-r${i}`,
    }));
  const declarations = spec.links
    .filter(([, , type]) => type === 'DECLARED_OWNER')
    .map(([from, to], i) => ({
      owner_entity_id: ids[from],
      subject_entity_id: ids[to],
      statement_id: `${run}-st${i}`,
      source_key: `${run}-d${i}`,
    }));
  if (relationships.length > 0) await db('relationships').insert(relationships);
  if (declarations.length > 0) await db('beneficial_ownership_declarations').insert(declarations);
  return ids;
}

/** mulberry32: a tiny seeded generator, so a failing random graph is reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random graph of `size` nodes: any link type, self-loops, duplicate links and cycles included. */
export function randomGraph(random: () => number, size: number, linkCount: number): GraphSpec {
  const nodes = Array.from({ length: size }, (_, i) => `n${i}`);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const links = Array.from({ length: linkCount }, () => [pick(nodes), pick(nodes), pick(LINK_TYPES)] as [string, string, string]);
  return { nodes, links };
}
