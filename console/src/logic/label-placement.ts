/**
 * Where the graph's node labels go (docs/graph.md, "Labels"): each label once, at the first of
 * four places around its node — right, left, below, above — that stays inside the canvas and
 * overlaps no label placed before it; the most important labels are placed first (the selected
 * node, the subject, the lit ones, then the rest in sigma's order). A label wider than any place
 * is shortened with an ellipsis to the widest room it has; one that fits nowhere is not drawn
 * (its node still shows it on hover). Pure: the canvas measures the text, this decides.
 */
export type Box = { x: number; y: number; width: number; height: number };
export type Area = { width: number; height: number };
export type LabelCandidate = { key: string; text: string; x: number; y: number; radius: number; priority: number };
export type PlacedLabel = { key: string; text: string; box: Box };

/** The space between a node's disc and its label, and the narrowest shortened label worth drawing. */
const GAP = 3;
const MIN_SHORTENED = 40;
const ELLIPSIS = '…';

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function insideArea(box: Box, area: Area): boolean {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= area.width && box.y + box.height <= area.height;
}

/** The four places of a label of `width` × `height` around a node, in order of preference. */
export function placesAround(c: Pick<LabelCandidate, 'x' | 'y' | 'radius'>, width: number, height: number): Box[] {
  const middle = c.y - height / 2;
  return [
    { x: c.x + c.radius + GAP, y: middle, width, height },
    { x: c.x - c.radius - GAP - width, y: middle, width, height },
    { x: c.x - width / 2, y: c.y + c.radius + GAP, width, height },
    { x: c.x - width / 2, y: c.y - c.radius - GAP - height, width, height },
  ];
}

/** The longest prefix of `text`, with an ellipsis, that measures at most `room`; '' when not even one character fits. */
export function shortenTo(text: string, room: number, measure: (text: string) => number): string {
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, mid).trimEnd() + ELLIPSIS) <= room) low = mid;
    else high = mid - 1;
  }
  return low > 0 ? text.slice(0, low).trimEnd() + ELLIPSIS : '';
}

/** The labels to draw and their boxes: none outside the area, no two overlapping, each key once. */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  area: Area,
  measure: (text: string) => number,
  lineHeight: number,
): PlacedLabel[] {
  const ordered = candidates.map((c, index) => ({ c, index })).sort((a, b) => b.c.priority - a.c.priority || a.index - b.index);
  const placed: PlacedLabel[] = [];
  const seen = new Set<string>();
  const free = (box: Box) => insideArea(box, area) && placed.every((p) => !overlaps(p.box, box));
  for (const { c } of ordered) {
    if (seen.has(c.key) || !c.text) continue;
    seen.add(c.key);
    const full = { text: c.text, width: measure(c.text) };
    const boxes = placesAround(c, full.width, lineHeight);
    let choice = boxes.find(free) ? { text: full.text, box: boxes.find(free)! } : undefined;
    if (!choice) {
      // Too long for any place: shortened to the room on its right, its left, or the canvas' width (below, above).
      const rooms = [area.width - (c.x + c.radius + GAP), c.x - c.radius - GAP, area.width];
      for (const [i, room] of rooms.entries()) {
        if (room < MIN_SHORTENED || room >= full.width) continue;
        const text = shortenTo(c.text, room, measure);
        if (!text) continue;
        const around = placesAround(c, measure(text), lineHeight);
        const box = (i === 2 ? around.slice(2) : [around[i]]).find(free);
        if (box) {
          choice = { text, box };
          break;
        }
      }
    }
    if (choice) placed.push({ key: c.key, text: choice.text, box: choice.box });
  }
  return placed;
}
