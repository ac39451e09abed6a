import Graph from 'graphology';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import Sigma from 'sigma';
import { diffGraphModels, type EdgeView, type GraphModel, type NodeView } from '../logic/graph-model';
import { placeNewNodes, radialLayout } from '../logic/graph-layout';
import { edgeColor, edgeLabel, edgeSize, nodeColor, nodeLabel, nodeSize, reduceEdge, reduceNode, type BadgeWords, type DisplayState } from '../logic/graph-style';
import { markOnce, PERF_MARKS } from '../logic/perf-marks';

type Props = {
  model: GraphModel;
  display: DisplayState;
  words: BadgeWords;
  formatPercent: (p: number) => string;
  onSelect: (key: string | null) => void;
  label: string;
};

function nodeAttributes(n: NodeView, count: number, words: BadgeWords, fmt: (p: number) => string) {
  return { label: nodeLabel(n, words, fmt), color: nodeColor(n), size: nodeSize(n, count), forceLabel: n.isRoot };
}

function edgeAttributes(e: EdgeView, count: number, fmt: (p: number) => string) {
  return { color: edgeColor(e), size: edgeSize(e, count), label: edgeLabel(e, fmt), type: 'arrow' };
}

/**
 * The WebGL drawing of the graph (sigma.js on graphology). The first model is laid out
 * radially from the subject; a later model (after an expansion) only adds what is new, placed
 * beside the node it hangs from, so the picture does not jump and only new points draw.
 * Keyboard: + and − zoom, 0 resets the view, the arrows pan, Escape clears the selection.
 */
export function GraphCanvas({ model, display, words, formatPercent, onSelect, label }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma | null>(null);
  const graph = useRef<Graph | null>(null);
  const shown = useRef<GraphModel | null>(null);
  const displayRef = useRef(display);
  displayRef.current = display;
  const drawnDisplay = useRef<DisplayState>({ highlight: null, selected: null });

  useEffect(() => {
    const count = model.nodes.length;
    if (!sigma.current || !graph.current || !shown.current) {
      const g = new Graph({ type: 'directed', multi: true, allowSelfLoops: true });
      const positions = radialLayout(model.rootKey, model.nodes.map((n) => n.key), model.edges);
      for (const n of model.nodes) g.addNode(n.key, { ...positions.get(n.key)!, ...nodeAttributes(n, count, words, formatPercent) });
      for (const e of model.edges) g.addDirectedEdgeWithKey(e.key, e.source, e.target, edgeAttributes(e, count, formatPercent));
      const renderer = new Sigma(g, container.current!, {
        allowInvalidContainer: true,
        defaultEdgeType: 'arrow',
        renderEdgeLabels: count <= 400,
        hideEdgesOnMove: count > 2000,
        labelRenderedSizeThreshold: count > 2000 ? 8 : 5,
        zIndex: true,
        nodeReducer: (key, data) => reduceNode(key, data as never, displayRef.current),
        edgeReducer: (key, data) => reduceEdge(key, data as never, displayRef.current),
      });
      renderer.on('clickNode', ({ node }) => onSelect(node));
      renderer.on('clickStage', () => onSelect(null));
      renderer.on('enterNode', () => container.current?.classList.add('pointing'));
      renderer.on('leaveNode', () => container.current?.classList.remove('pointing'));
      // Sigma drew the first frame synchronously in its constructor; with the handlers attached, the graph is interactive.
      markOnce(PERF_MARKS.graphInteractive);
      sigma.current = renderer;
      graph.current = g;
      shown.current = model;
      container.current!.dataset.nodeCount = String(g.order);
      container.current!.dataset.ready = 'true';
      return;
    }
    // An expansion: add only the new nodes and edges; refresh the attributes of nodes now marked expanded.
    const g = graph.current;
    const diff = diffGraphModels(shown.current, model);
    const current = new Map<string, { x: number; y: number }>();
    g.forEachNode((key, attrs) => current.set(key, { x: attrs.x, y: attrs.y }));
    const placed = placeNewNodes(current, diff.nodes.map((n) => n.key), model.edges);
    for (const n of diff.nodes) if (!g.hasNode(n.key)) g.addNode(n.key, { ...placed.get(n.key)!, ...nodeAttributes(n, count, words, formatPercent) });
    for (const e of diff.edges) if (!g.hasEdge(e.key)) g.addDirectedEdgeWithKey(e.key, e.source, e.target, edgeAttributes(e, count, formatPercent));
    for (const n of diff.changed) g.mergeNodeAttributes(n.key, nodeAttributes(n, count, words, formatPercent));
    shown.current = model;
    container.current!.dataset.nodeCount = String(g.order);
    sigma.current.once('afterRender', () => {
      markOnce(PERF_MARKS.expandRedrawn, true);
      container.current?.dispatchEvent(new CustomEvent('graph-redrawn', { detail: { added: diff.nodes.length } }));
    });
    sigma.current.refresh();
  }, [model]);

  useEffect(() => {
    const g = graph.current;
    if (!g || !shown.current) return;
    for (const n of shown.current.nodes) if (g.hasNode(n.key)) g.setNodeAttribute(n.key, 'label', nodeLabel(n, words, formatPercent));
  }, [words, formatPercent]);

  useEffect(() => {
    // The first frame already shows the empty display: redrawing 5,000 nodes for nothing would cost a frame.
    const unchanged = drawnDisplay.current.highlight === display.highlight && drawnDisplay.current.selected === display.selected;
    drawnDisplay.current = display;
    if (!unchanged) sigma.current?.refresh({ skipIndexation: true });
    // What is lit, for the browser tests and assistive tools: the canvas itself has no DOM to inspect.
    if (container.current) {
      container.current.dataset.highlight = display.highlight?.code ?? '';
      container.current.dataset.highlightNodes = String(display.highlight?.nodes.size ?? 0);
      container.current.dataset.selected = display.selected ?? '';
    }
  }, [display]);

  useEffect(
    () => () => {
      sigma.current?.kill();
      sigma.current = null;
      graph.current = null;
      shown.current = null;
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const camera = sigma.current?.getCamera();
    if (!camera) return;
    const step = 0.1 * camera.ratio;
    const moves: Record<string, () => void> = {
      '+': () => void camera.animatedZoom({ duration: 150 }),
      '=': () => void camera.animatedZoom({ duration: 150 }),
      '-': () => void camera.animatedUnzoom({ duration: 150 }),
      '0': () => void camera.animatedReset({ duration: 150 }),
      ArrowLeft: () => camera.setState({ x: camera.x - step }),
      ArrowRight: () => camera.setState({ x: camera.x + step }),
      ArrowUp: () => camera.setState({ y: camera.y + step }),
      ArrowDown: () => camera.setState({ y: camera.y - step }),
      Escape: () => onSelect(null),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return <div ref={container} className="graph-canvas" tabIndex={0} role="img" aria-label={label} onKeyDown={onKeyDown} data-testid="graph-canvas" />;
}
