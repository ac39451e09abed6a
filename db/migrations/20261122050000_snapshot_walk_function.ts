import type { Knex } from 'knex';

/**
 * The snapshot's breadth-first network walk as one function, so a snapshot pays one round trip
 * for the walk instead of one per hop (docs/snapshot-walk.md). It is the walk loadSnapshot did
 * in JavaScript until this migration, step for step, because persisted snapshots, their hashes
 * and verdicts must stay byte-identical: test/integration/snapshot-walk.test.ts checks it against
 * that code (test/support/snapshot-walk-oracle.ts).
 *
 * The link priorities are a parameter, not a copy: db/repositories/snapshot-walk.ts keeps
 * the one table, and a change to it needs no new migration. The link semantics below (which
 * tables, which directions) do: ship them as a new migration with CREATE OR REPLACE.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION snapshot_walk(
      subject bigint, max_depth bigint, max_nodes bigint, priorities jsonb, default_priority int,
      OUT entity_ids bigint[], OUT hops int[], OUT frontier bigint[], OUT truncated boolean)
    LANGUAGE plpgsql STABLE
    -- Planned once per connection: the default keeps re-planning every hop for its actual arrays,
    -- and planning the hop (~0.1 ms) costs more than running it on a typical network.
    SET plan_cache_mode = force_generic_plan
    AS $fn$
    DECLARE
      depth int := 0;
      ranked bigint[];
      room bigint;
    BEGIN
      -- entity_ids and hops are parallel arrays in the order entities were reached: (hop, id).
      entity_ids := ARRAY[subject];
      hops := ARRAY[0];
      frontier := ARRAY[subject];
      truncated := false;
      WHILE depth < max_depth AND cardinality(frontier) > 0 LOOP
        depth := depth + 1;
        -- Every entity one link away from the frontier and not reached yet, with its best link.
        -- An institution's account holders are never its network: ACCOUNT_AT_INSTITUTION is
        -- followed from the holder only. A declaration links its owner and its subject both ways.
        SELECT coalesce(array_agg(c.id ORDER BY c.priority, c.id), '{}') INTO ranked
          FROM (SELECT l.other AS id, min(coalesce((priorities ->> l.link_type)::int, default_priority)) AS priority
                  FROM (SELECT r.target_entity_id AS other, r.relationship_type AS link_type
                          FROM relationships r WHERE r.source_entity_id = ANY(frontier)
                        UNION ALL
                        SELECT r.source_entity_id, r.relationship_type
                          FROM relationships r WHERE r.target_entity_id = ANY(frontier) AND r.relationship_type <> 'ACCOUNT_AT_INSTITUTION'
                        UNION ALL
                        SELECT d.subject_entity_id, 'DECLARED_OWNER' FROM beneficial_ownership_declarations d WHERE d.owner_entity_id = ANY(frontier)
                        UNION ALL
                        SELECT d.owner_entity_id, 'DECLARED_OWNER' FROM beneficial_ownership_declarations d WHERE d.subject_entity_id = ANY(frontier)) l
                 GROUP BY l.other) c
         -- NOT IN, not NOT EXISTS: an uncorrelated NOT IN hashes the array once (a hashed subplan),
         -- while an anti-join may become a nested loop over it once the cached generic plan, which
         -- guesses every array at 10 elements, takes over: quadratic on a 20,000-entity walk.
         WHERE c.id NOT IN (SELECT unnest(entity_ids));
        -- Over budget: keep the best-linked, lowest-id candidates and stop after this hop. The
        -- room may be negative (a budget below the entities already kept): nothing is kept then.
        room := max_nodes - cardinality(entity_ids);
        truncated := cardinality(ranked) > room;
        SELECT coalesce(array_agg(k.id ORDER BY k.id), '{}') INTO frontier
          FROM unnest(ranked[1:greatest(least(room, cardinality(ranked)), 0)::int]) AS k(id);
        entity_ids := entity_ids || frontier;
        hops := hops || array_fill(depth, ARRAY[cardinality(frontier)]);
        EXIT WHEN truncated;
      END LOOP;
      -- frontier is now the last hop reached: the entities whose links were never followed.
    END
    $fn$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS snapshot_walk(bigint, bigint, bigint, jsonb, int)');
}
