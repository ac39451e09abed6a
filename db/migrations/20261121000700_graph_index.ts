import type { Knex } from 'knex';

/**
 * The key index of an analysis graph: one row per node and edge key of the expanded view (the
 * analysis-time graph plus every expansion), with each node's path link and the domains it was
 * expanded by. An expansion checks its node and merges its neighbourhood by primary-key lookups
 * instead of decompressing and scanning the multi-megabyte analyses.graph. The index is derived
 * data: analyses.graph and analyses.graph_expansions stay the record, and an analysis without
 * index rows (written before this migration) gets them on its first expansion.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analysis_graph_keys', (t) => {
    t.bigInteger('analysis_id').notNullable().references('analyses.id').onDelete('CASCADE');
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.text('key').notNullable(); // node key (entity:…, proceeding:…) or edge projection key (edge:…)
    // Node keys: the node's path as a tree link (paths are shortest-path trees: a node's path is
    // its parent's plus one edge), so the full path is a walk up, not a copy per node. Null for edges.
    t.text('parent_key');
    t.text('via_edge_key');
    t.integer('depth');
    t.text('direction');
    t.boolean('contains_cycle');
    t.integer('equivalent_path_count');
    t.boolean('truncated');
    t.specificType('expanded_domains', 'text[]'); // node keys: domains applied by expansions, else null
    t.primary(['analysis_id', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analysis_graph_keys');
}
