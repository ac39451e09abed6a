/** The columns of analysis_graph_keys that every writer of the index fills, and their json_to_recordset types. */
export const graphKeyColumns = 'key, parent_key, via_edge_key, depth, direction, contains_cycle, equivalent_path_count, truncated';
export const graphKeyTypes = 'key text, parent_key text, via_edge_key text, depth int, direction text, contains_cycle boolean, equivalent_path_count int, truncated boolean';
