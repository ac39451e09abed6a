import { type LabelCandidate, overlaps, placeLabels, shortenTo } from '../../../../../console/src/logic/label-placement';

/** 6 px a character, lines of 16 px: a fixed font for the table. */
const measure = (text: string) => text.length * 6;
const area = { width: 300, height: 200 };
const label = (key: string, x: number, y: number, text = key, priority = 1, radius = 4): LabelCandidate => ({
  key,
  text,
  x,
  y,
  radius,
  priority,
});
const placed = (candidates: LabelCandidate[]) => placeLabels(candidates, area, measure, 16);
const sideOf = (key: string, candidates: LabelCandidate[]) => {
  const p = placed(candidates).find((l) => l.key === key);
  if (!p) return 'not drawn';
  const c = candidates.find((l) => l.key === key)!;
  if (p.box.x > c.x) return 'right';
  if (p.box.x + p.box.width < c.x) return 'left';
  return p.box.y > c.y ? 'below' : 'above';
};

describe('where the graph labels go', () => {
  it.each([
    ['a lone label: right of its node', [label('a', 50, 100)], 'a', 'right'],
    ['at the right edge: left of its node', [label('a', 290, 100, 'Alpha')], 'a', 'left'],
    ['a neighbour took the right: left', [label('b', 70, 100, 'Bravo', 2), label('a', 60, 100, 'Alpha')], 'a', 'left'],
    [
      'right and left taken: below',
      [label('r', 100, 96, 'Right', 2, 0), label('l', 40, 96, 'Left', 2, 0), label('a', 70, 100, 'Alpha')],
      'a',
      'below',
    ],
    [
      'the subject first, whatever the order it came in',
      [label('a', 60, 100, 'Alpha'), label('subject', 100, 100, 'Subject', 3)],
      'subject',
      'right',
    ],
    [
      'nowhere free: not drawn',
      [
        label('x', 10, 10, 'X'.repeat(48), 2),
        label('y', 10, 30, 'Y'.repeat(48), 2),
        label('z', 10, 50, 'Z'.repeat(48), 2),
        label('a', 10, 30, 'A'.repeat(48)),
      ],
      'a',
      'not drawn',
    ],
  ] as const)('%s', (_, candidates, key, side) => {
    expect(sideOf(key, [...candidates])).toBe(side);
  });

  it.each([
    [
      'crowded in a row',
      Array.from({ length: 30 }, (_, i) => label(`n${i}`, 20 + (i % 6) * 45, 20 + Math.floor(i / 6) * 30, `Entity number ${i}`)),
    ],
    ['all on one point', Array.from({ length: 10 }, (_, i) => label(`n${i}`, 150, 100, `Same place ${i}`))],
    [
      'at every edge',
      [label('tl', 0, 0), label('tr', 300, 0), label('bl', 0, 200), label('br', 300, 200), label('long', 150, 100, 'L'.repeat(80))],
    ],
  ])('%s: no two labels overlap, none leaves the canvas, each once', (_, candidates) => {
    const result = placed([...candidates, ...candidates]);
    expect(result.length).toBeGreaterThan(0);
    expect(new Set(result.map((l) => l.key)).size).toBe(result.length);
    for (const [i, a] of result.entries()) {
      expect(a.box.x).toBeGreaterThanOrEqual(0);
      expect(a.box.y).toBeGreaterThanOrEqual(0);
      expect(a.box.x + a.box.width).toBeLessThanOrEqual(area.width);
      expect(a.box.y + a.box.height).toBeLessThanOrEqual(area.height);
      for (const b of result.slice(i + 1)) expect(overlaps(a.box, b.box)).toBe(false);
    }
  });

  it('the placement they replace (always right of the node, never skipped) overlaps on the crowded row', () => {
    const naive = Array.from({ length: 30 }, (_, i) => ({
      x: 20 + (i % 6) * 45 + 7,
      y: 20 + Math.floor(i / 6) * 30 - 8,
      width: measure(`Entity number ${i}`),
      height: 16,
    }));
    expect(naive.some((a, i) => naive.slice(i + 1).some((b) => overlaps(a, b)))).toBe(true);
  });

  it('a label too long for any place is shortened to the widest room, with an ellipsis', () => {
    const [only] = placed([label('a', 100, 100, 'A very long company name that no side of the canvas can hold in full, not even below')]);
    expect(only.text.endsWith('…')).toBe(true);
    expect(only.box.x + only.box.width).toBeLessThanOrEqual(area.width);
    expect(only.box.width).toBe(measure(only.text));
  });

  it.each([
    ['Alpha Beta', 40, 'Alpha…'],
    ['Alpha', 24, 'Alp…'],
    ['Alpha', 5, ''],
  ])('shortenTo(%j, %d px) → %j', (text, room, shortened) => {
    expect(shortenTo(text, room, measure)).toBe(shortened);
  });
});
