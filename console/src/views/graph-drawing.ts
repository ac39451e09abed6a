import Graph from 'graphology';
import { diffGraphModels } from '../logic/graph-diff';
import { placeNewNodes, radialLayout } from '../logic/graph-layout';
import type { GraphModel } from '../logic/graph-model';
import { drawnEdge, drawnNode, type BadgeWords } from '../logic/graph-style';

type Percent = (p: number) => string;

/** The graphology graph of a model, laid out radially from the subject. */
export function buildGraph(model: GraphModel, words: BadgeWords, formatPercent: Percent): Graph {
  const count = model.nodes.length;
  const g = new Graph({ type: 'directed', multi: true, allowSelfLoops: true });
  const positions = radialLayout(
    model.rootKey,
    model.nodes.map((n) => n.key),
    model.edges,
  );
  for (const n of model.nodes) g.addNode(n.key, { ...positions.get(n.key)!, ...drawnNode(n, count, words, formatPercent) });
  for (const e of model.edges) g.addDirectedEdgeWithKey(e.key, e.source, e.target, drawnEdge(e, count, formatPercent));
  return g;
}

/**
 * An expansion: only the new nodes and edges are added (beside the node they hang from, so
 * nothing that is drawn moves) and the nodes now marked expanded are restyled.
 */
export function mergeIntoGraph(g: Graph, previous: GraphModel, model: GraphModel, words: BadgeWords, formatPercent: Percent): void {
  const count = model.nodes.length;
  const diff = diffGraphModels(previous, model);
  const current = new Map<string, { x: number; y: number }>();
  g.forEachNode((key, attrs) => current.set(key, { x: attrs.x, y: attrs.y }));
  const placed = placeNewNodes(
    current,
    diff.nodes.map((n) => n.key),
    model.edges,
  );
  for (const n of diff.nodes)
    if (!g.hasNode(n.key)) g.addNode(n.key, { ...placed.get(n.key)!, ...drawnNode(n, count, words, formatPercent) });
  for (const e of diff.edges)
    if (!g.hasEdge(e.key)) g.addDirectedEdgeWithKey(e.key, e.source, e.target, drawnEdge(e, count, formatPercent));
  for (const n of diff.changed) g.mergeNodeAttributes(n.key, drawnNode(n, count, words, formatPercent));
}

/** Big graphs draw lighter: no edge labels, edges hidden while the camera moves, fewer labels. */
export function rendererSettings(count: number) {
  return {
    allowInvalidContainer: true,
    defaultEdgeType: 'arrow',
    renderEdgeLabels: count <= 400,
    hideEdgesOnMove: count > 2000,
    labelRenderedSizeThreshold: count > 2000 ? 8 : 5,
    zIndex: true,
  };
}
