import type Graph from 'graphology';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import Sigma from 'sigma';
import type { GraphModel } from '../logic/graph-model';
import { nodeLabel, reduceEdge, reduceNode, type BadgeWords, type DisplayState } from '../logic/graph-style';
import { markOnce, PERF_MARKS } from '../logic/perf-marks';
import { buildGraph, mergeIntoGraph, rendererSettings } from './graph-drawing';
import { cameraMoveFor } from './graph-keys';
import { createLabelLayer } from './graph-labels';

type Props = {
  model: GraphModel;
  display: DisplayState;
  words: BadgeWords;
  formatPercent: (p: number) => string;
  onSelect: (key: string | null) => void;
  label: string;
};

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
      const g = buildGraph(model, words, formatPercent);
      const labels = createLabelLayer(container.current!);
      const renderer = new Sigma(g, container.current!, {
        ...rendererSettings(count),
        defaultDrawNodeLabel: labels.drawNodeLabel,
        defaultDrawNodeHover: labels.drawNodeHover,
        nodeReducer: (key, data) => reduceNode(key, data as never, displayRef.current),
        edgeReducer: (key, data) => reduceEdge(key, data as never, displayRef.current),
      });
      labels.attach(renderer);
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
    mergeIntoGraph(graph.current, shown.current, model, words, formatPercent);
    shown.current = model;
    container.current!.dataset.nodeCount = String(graph.current.order);
    sigma.current.once('afterRender', () => markOnce(PERF_MARKS.expandRedrawn, true));
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
    const move = camera ? cameraMoveFor(event.key, camera, () => onSelect(null)) : undefined;
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div
      ref={container}
      className="graph-canvas"
      tabIndex={0}
      role="img"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="graph-canvas"
    />
  );
}
