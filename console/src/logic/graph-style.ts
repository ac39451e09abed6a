import type { Highlight } from './graph-highlight';
import type { EdgeView, NodeView } from './graph-model';

/**
 * How the explorer paints the graph. Colour says severity first (the signal the node carries);
 * a clean node takes the colour of its kind, so a person, a company and a proceeding stay
 * distinguishable. Highlighting dims everything else rather than hiding it, so the analyst sees
 * where the lit part sits in the whole.
 */
export const severityColors: Record<string, string> = {
  critical: '#b3261e',
  high: '#e8590c',
  medium: '#c99400',
  low: '#5c940d',
  not_evaluated: '#9aa0a6',
};

export const typeColors: Record<string, string> = {
  person: '#3b5bdb',
  organization: '#0b7285',
  proceeding: '#6741d9',
  other: '#495057',
};

export const DIM_COLOR = '#dee2e6';
export const UBO_EDGE_COLOR = '#f08c00';
export const PATH_EDGE_COLOR = '#1c7ed6';

export function nodeColor(node: Pick<NodeView, 'severity' | 'kind' | 'entityType'>): string {
  if (severityColors[node.severity]) return severityColors[node.severity];
  if (node.kind === 'proceeding') return typeColors.proceeding;
  return typeColors[node.entityType ?? ''] ?? typeColors.other;
}

/** Smaller points on big graphs: 5,000 nodes of radius 6 would cover each other. */
export function nodeSize(node: Pick<NodeView, 'isRoot' | 'isPep' | 'isSanctioned' | 'uboPercent'>, nodeCount: number): number {
  const base = nodeCount > 2000 ? 2.5 : nodeCount > 300 ? 4 : 7;
  if (node.isRoot) return base * 2.2;
  return node.isPep || node.isSanctioned || node.uboPercent !== null ? base * 1.5 : base;
}

export type BadgeWords = { pep: string; sanction: string; owner: string };

export function nodeBadges(
  node: Pick<NodeView, 'isPep' | 'isSanctioned' | 'uboPercent'>,
  words: BadgeWords,
  formatPercent: (p: number) => string,
): string[] {
  const badges: string[] = [];
  if (node.isPep) badges.push(words.pep);
  if (node.isSanctioned) badges.push(words.sanction);
  if (node.uboPercent !== null) badges.push(`${words.owner} ${formatPercent(node.uboPercent)}`);
  return badges;
}

export function nodeLabel(node: NodeView, words: BadgeWords, formatPercent: (p: number) => string): string {
  const badges = nodeBadges(node, words, formatPercent);
  return badges.length ? `${node.name} [${badges.join(' · ')}]` : node.name;
}

export function edgeColor(edge: Pick<EdgeView, 'isUbo' | 'risk' | 'active'>): string {
  if (edge.isUbo) return UBO_EDGE_COLOR;
  if (edge.risk === 'critical' || edge.risk === 'high') return severityColors[edge.risk];
  return edge.active ? '#adb5bd' : '#e9ecef';
}

export function edgeSize(edge: Pick<EdgeView, 'isUbo'>, nodeCount: number): number {
  return edge.isUbo ? 2.5 : nodeCount > 2000 ? 0.5 : 1;
}

export function edgeLabel(edge: Pick<EdgeView, 'isUbo' | 'percent' | 'type'>, formatPercent: (p: number) => string): string {
  return edge.isUbo && edge.percent !== null ? formatPercent(edge.percent) : '';
}

/** A node's attributes in the graphology graph sigma draws (the root's label always shown, and placed first: console/src/views/graph-labels.ts). */
export function drawnNode(n: NodeView, count: number, words: BadgeWords, formatPercent: (p: number) => string) {
  return {
    label: nodeLabel(n, words, formatPercent),
    color: nodeColor(n),
    size: nodeSize(n, count),
    forceLabel: n.isRoot,
    isRoot: n.isRoot,
  };
}

/** An edge's attributes: directed (an arrow), owner chains thick, orange and labelled with their share. */
export function drawnEdge(e: EdgeView, count: number, formatPercent: (p: number) => string) {
  return { color: edgeColor(e), size: edgeSize(e, count), label: edgeLabel(e, formatPercent), type: 'arrow' };
}

/** The attributes sigma draws, given what is lit and selected; pure, so sigma's reducers stay trivial. */
export type DisplayState = { highlight: Highlight | null; selected: string | null };
type Drawn = { color: string; size: number; label?: string | null; highlighted?: boolean; zIndex?: number; forceLabel?: boolean };

export function reduceNode(key: string, attrs: Drawn, state: DisplayState): Drawn {
  if (key === state.selected) return { ...attrs, highlighted: true, forceLabel: true, zIndex: 2 };
  if (!state.highlight) return attrs;
  if (state.highlight.nodes.has(key)) return { ...attrs, forceLabel: true, zIndex: 1 };
  return { ...attrs, color: DIM_COLOR, label: null, zIndex: 0 };
}

export function reduceEdge(key: string, attrs: Drawn, state: DisplayState): Drawn & { hidden?: boolean } {
  if (!state.highlight) return attrs;
  if (state.highlight.edges.has(key))
    return {
      ...attrs,
      color: attrs.color === UBO_EDGE_COLOR ? UBO_EDGE_COLOR : PATH_EDGE_COLOR,
      size: Math.max(attrs.size, 2.5),
      zIndex: 1,
    };
  return { ...attrs, color: DIM_COLOR, label: null, zIndex: 0 };
}
