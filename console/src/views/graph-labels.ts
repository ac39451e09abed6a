import type Sigma from 'sigma';
import { drawDiscNodeHover, type NodeHoverDrawingFunction, type NodeLabelDrawingFunction } from 'sigma/rendering';
import { type LabelCandidate, placeLabels, type PlacedLabel } from '../logic/label-placement';

/** What sigma hands a label drawer: the node's display data (with its key and our attributes). */
type LabelData = Parameters<NodeLabelDrawingFunction>[1] & { key?: string; isRoot?: boolean };

/** The placed labels of the last frame, for the browser tests and assistive tools: the canvas has no DOM to read. */
export type LabelBox = { key: string; text: string; x: number; y: number; width: number; height: number };
export type LabelledElement = HTMLElement & { labelBoxes?: LabelBox[] };

/** The selected node first, then the subject, then the lit nodes, then sigma's own choice. */
function priorityOf(data: LabelData): number {
  if (data.highlighted) return 4;
  if (data.isRoot) return 3;
  return data.forceLabel ? 2 : 1;
}

/**
 * Sigma's node labels, drawn once each without overlap (console/src/logic/label-placement.ts,
 * docs/graph.md "Labels"): sigma still picks which labels a frame shows (its label grid, forced
 * labels), but the drawer only collects them; after the frame they are placed together, most
 * important first, and drawn on sigma's label canvas. A hovered or selected node gets a halo; its
 * label box only when its label found no place (so the subject's label is never drawn twice).
 */
export function createLabelLayer(container: LabelledElement) {
  let pending: LabelCandidate[] = [];
  let placed = new Map<string, PlacedLabel>();

  const drawNodeLabel: NodeLabelDrawingFunction = (_context, data) => {
    const d = data as LabelData;
    if (!d.label || !d.key) return;
    pending.push({ key: d.key, text: d.label, x: d.x, y: d.y, radius: d.size, priority: priorityOf(d) });
  };

  const drawNodeHover: NodeHoverDrawingFunction = (context, data, settings) => {
    const d = data as LabelData;
    if ((d.key && placed.has(d.key)) || d.highlighted) {
      context.fillStyle = '#FFF';
      context.shadowBlur = 8;
      context.shadowColor = '#000';
      context.beginPath();
      context.arc(d.x, d.y, d.size + 2, 0, Math.PI * 2);
      context.closePath();
      context.fill();
      context.shadowBlur = 0;
      return;
    }
    drawDiscNodeHover(context, data, settings);
  };

  function attach(renderer: Sigma) {
    renderer.on('beforeRender', () => {
      pending = [];
    });
    const drawPlaced = () => {
      const settings = renderer.getSettings();
      const context = renderer.getCanvases().labels.getContext('2d');
      if (!context) return;
      context.font = `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`;
      // The visible area: sigma sizes its canvases to the container's border box, its border hides the outer pixels.
      const { clientWidth: width, clientHeight: height } = container;
      const lineHeight = settings.labelSize + 2;
      const labels = placeLabels(pending, { width, height }, (text) => context.measureText(text).width, lineHeight);
      placed = new Map(labels.map((l) => [l.key, l]));
      context.fillStyle = settings.labelColor.color ?? '#000';
      for (const l of labels) context.fillText(l.text, l.box.x, l.box.y + lineHeight / 2 + settings.labelSize / 3);
      container.labelBoxes = labels.map((l) => ({ key: l.key, text: l.text, ...l.box }));
      container.dataset.labelCount = String(labels.length);
      // The area these boxes were placed in: a reader compares it with the container's size now, since a resize draws the next frame.
      container.dataset.labelArea = `${width}x${height}`;
    };
    renderer.on('afterRender', drawPlaced);
    // Sigma drew its first frame in its constructor, before anyone listened: its labels were collected, place and draw them.
    drawPlaced();
  }

  return { drawNodeLabel, drawNodeHover, attach };
}
