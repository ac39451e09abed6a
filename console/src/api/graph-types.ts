import type { components } from './openapi-types';

/** The analysis graph as GET /analyses/{uuid}/graph answers it (docs/graph.md): the generated shapes, named as the explorer knows them. */
export type AnalysisGraphResponse = components['schemas']['AnalysisGraph'];
type Graph = NonNullable<AnalysisGraphResponse['graph']>;
export type GraphNode = Graph['nodes'][number];
export type GraphEdge = Graph['edges'][number];
export type GraphPath = Graph['paths'][number];
export type GraphLimitation = Graph['limitations'][number];
export type UboFinding = AnalysisGraphResponse['ubo_findings'][number];
export type UboPath = UboFinding['paths'][number];
export type EntityRef = UboFinding['beneficial_owner'];
