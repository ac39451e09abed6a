import { CONTENT_WIDTH, type DiagramBox, type DiagramEdge } from './dossier-blocks';
import { percentBr } from './dossier-wording';

/** A chain as the `beneficiarios_finais` section holds it: names from the subject (first) to the owner (last). */
export type OwnershipChain = { chain: string[]; end: 'owner' | 'unresolved'; ownershipPercentage: unknown };

export type OwnershipDiagram = { width: number; height: number; boxes: DiagramBox[]; edges: DiagramEdge[] };

// Geometry (PDF points): boxes in layers, owners above what they own, the subject at the bottom.
const GAP_X = 12;
const GAP_Y = 30;
const MIN_BOX = 92;
const MAX_BOX = 150;
const NAME_LINE = 10;
const CAPTION_LINE = 8.5;
const PAD = 6;

/**
 * The width of a text in Helvetica at `size` pt, estimated from the glyph widths of its letter
 * classes (capitals and wide letters about 0.72 em, others about 0.5 em, bold a little wider):
 * enough to wrap names without measuring, with a margin to spare.
 */
export function estimatedWidth(value: string, size: number, bold: boolean): number {
  let em = 0;
  for (const ch of value)
    em += /[MWÇÃÁÂÀÉÊÍÓÔÕÚmw]/.test(ch)
      ? 0.85
      : /[A-Z]/.test(ch)
        ? 0.72
        : /[il.,'|!:;ıìíî ]/.test(ch)
          ? 0.3
          : /[a-zà-ÿ0-9%]/.test(ch)
            ? 0.56
            : 0.6;
  return em * size * (bold ? 1.06 : 1);
}

/** Words onto lines of `width`, at most `maxLines`, the last cut with "…" when the text does not fit. */
function wrap(value: string, width: number, maxLines: number, size: number, bold: boolean): string[] {
  const fits = (s: string) => estimatedWidth(s, size, bold) <= width;
  const cut = (s: string) => {
    let t = s;
    while (t.length > 1 && !fits(`${t}…`)) t = t.slice(0, -1);
    return `${t.trimEnd()}…`;
  };
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (line && !fits(`${line} ${word}`)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map((l) => (fits(l) ? l : cut(l)));
  if (lines.length > maxLines && !kept[maxLines - 1].endsWith('…')) kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines[maxLines]}`);
  return kept;
}

/**
 * The ownership chains as boxes and arrows (docs/reports.md, "The dossier PDF"): one box per
 * name (an entity on two chains is drawn once), in layers by its farthest distance from the
 * subject; each layer ordered by the position of what it owns, so that arrows cross little;
 * arrows run from the holder down to the company held, bent at right angles. Pure geometry:
 * infra/report-pdf.ts only strokes it.
 */
export function ownershipDiagram(subject: string, chains: readonly OwnershipChain[]): OwnershipDiagram | null {
  const usable = chains.filter((c) => c.chain.length >= 2);
  if (usable.length === 0) return null;
  const depth = new Map<string, number>([[subject, 0]]);
  const edges = new Map<string, { from: string; to: string }>();
  const role = new Map<string, string>();
  for (const c of usable) {
    const names = [subject, ...c.chain.slice(1)];
    names.forEach((name, i) => {
      if (i > 0 && name !== subject) depth.set(name, Math.max(depth.get(name) ?? 0, i));
      if (i > 0) edges.set(`${name}→${names[i - 1]}`, { from: name, to: names[i - 1] });
    });
    const last = names[names.length - 1];
    if (c.end === 'owner') role.set(last, `beneficiário final\n${ownershipCaption(c.ownershipPercentage)}`);
    else if (!role.has(last)) role.set(last, 'cadeia sem pessoa natural');
  }
  const layers: string[][] = [];
  for (const [name, d] of depth) (layers[d] ??= []).push(name);
  // Order each layer by the mean position of the boxes it owns (the layer below).
  const position = new Map<string, number>([[subject, 0]]);
  for (let d = 1; d < layers.length; d++) {
    const layer = layers[d] ?? [];
    const mean = (name: string) => {
      const held = [...edges.values()].filter((e) => e.from === name && position.has(e.to)).map((e) => position.get(e.to)!);
      return held.length ? held.reduce((a, b) => a + b, 0) / held.length : Number.MAX_SAFE_INTEGER;
    };
    const order = new Map(layer.map((name, i) => [name, mean(name) * 1000 + i]));
    layer.sort((a, b) => order.get(a)! - order.get(b)!);
    layer.forEach((name, i) => position.set(name, i));
    layers[d] = layer;
  }
  const boxes: DiagramBox[] = [];
  const byName = new Map<string, DiagramBox>();
  // Rows from the top: the deepest layer first. A wide layer wraps onto further rows.
  const rows: { names: string[]; d: number }[] = [];
  for (let d = layers.length - 1; d >= 0; d--) {
    const layer = layers[d] ?? [];
    const perRow = Math.max(1, Math.floor((CONTENT_WIDTH + GAP_X) / (MIN_BOX + GAP_X)));
    for (let i = 0; i < layer.length; i += perRow) rows.push({ names: layer.slice(i, i + perRow), d });
  }
  let y = 0;
  for (const row of rows) {
    const width = Math.min(MAX_BOX, (CONTENT_WIDTH - GAP_X * (row.names.length - 1)) / row.names.length);
    const total = width * row.names.length + GAP_X * (row.names.length - 1);
    const contents = row.names.map((name) => {
      const tone: DiagramBox['tone'] =
        name === subject
          ? 'subject'
          : role.get(name)?.startsWith('beneficiário')
            ? 'owner'
            : role.has(name)
              ? 'unresolved'
              : 'intermediate';
      const caption = name === subject ? 'cliente analisado' : (role.get(name) ?? 'empresa intermediária');
      const inner = width - 2 * PAD;
      return { name, tone, lines: wrap(name, inner, 2, 8, true), caption: caption.split('\n').flatMap((c) => wrap(c, inner, 2, 7, false)) };
    });
    const height = Math.max(...contents.map((c) => c.lines.length * NAME_LINE + c.caption.length * CAPTION_LINE)) + 2 * PAD;
    contents.forEach((c, i) => {
      const box: DiagramBox = {
        id: c.name,
        x: round((CONTENT_WIDTH - total) / 2 + i * (width + GAP_X)),
        y: round(y),
        width: round(width),
        height,
        lines: c.lines,
        caption: c.caption,
        tone: c.tone,
      };
      boxes.push(box);
      byName.set(c.name, box);
    });
    y += height + GAP_Y;
  }
  const drawn: DiagramEdge[] = [...edges.values()].map(({ from, to }) => {
    const a = byName.get(from)!;
    const b = byName.get(to)!;
    const start = { x: round(a.x + a.width / 2), y: a.y + a.height };
    const end = { x: round(b.x + b.width / 2), y: b.y };
    const bend = round(b.y - GAP_Y / 2);
    const points = start.x === end.x ? [start, end] : [start, { x: start.x, y: bend }, { x: end.x, y: bend }, end];
    return { from, to, points, label: null };
  });
  return { width: CONTENT_WIDTH, height: round(y - GAP_Y), boxes, edges: drawn };
}

const ownershipCaption = (value: unknown) => {
  const pct = percentBr(value);
  return pct === 'não informada' ? 'participação não informada' : `${pct} de participação`;
};

const round = (n: number) => Math.round(n * 100) / 100;
