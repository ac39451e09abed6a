import { computeEffectiveOwnership } from '../../../../../domain/graph/ubo/effective-ownership';
import { collectOwnershipLinks } from '../../../../../domain/graph/ubo/ownership-links';
import { toPercentNumber } from '../../../../../domain/graph/ubo/rational';
import { resolveBeneficialOwners } from '../../../../../domain/graph/ubo/resolve-beneficial-owners';
import { entitiesFor, Rel, snapshotOf } from '../support/snapshot-builder';

// Persons 1–99, organizations 100+. The subject is always 100.
type Case = {
  name: string;
  ids: number[];
  rels: Rel[];
  expected: Record<number, number | null>;
  flows?: Record<number, number>;
  fully?: boolean;
};

const cases: Case[] = [
  {
    name: 'the worked example: P 60% H, H 50% T, P 10% T, Q 40% H, Q 40% T → P 40%, Q 60%',
    ids: [1, 2, 100, 101],
    rels: [
      [1, 101, 'OWNS', '60'],
      [101, 100, 'OWNS', '50'],
      [1, 100, 'OWNS', '10'],
      [2, 101, 'OWNS', '40'],
      [2, 100, 'OWNS', '40'],
    ],
    expected: { 1: 40, 2: 60 },
    fully: true,
  },
  {
    name: 'a layered chain of four companies multiplies the shares (80% × 75% × 50% × 100% = 30%)',
    ids: [1, 2, 100, 101, 102, 103],
    rels: [
      [101, 100, 'OWNS', '100'],
      [102, 101, 'OWNS', '50'],
      [103, 102, 'OWNS', '75'],
      [1, 103, 'OWNS', '80'],
      [2, 103, 'OWNS', '20'],
      [2, 102, 'OWNS', '25'],
      [2, 101, 'OWNS', '50'],
    ],
    // 1: 0.8·0.75·0.5 = 0.3; 2: 0.2·0.75·0.5 + 0.25·0.5 + 0.5 = 0.075 + 0.125 + 0.5 = 0.7
    expected: { 1: 30, 2: 70 },
    fully: true,
  },
  {
    name: 'cycle of length 1: treasury shares are redistributed (T holds 20% of itself, P 80% → P 100%)',
    ids: [1, 100],
    rels: [
      [100, 100, 'OWNS', '20'],
      [1, 100, 'OWNS', '80'],
    ],
    expected: { 1: 100 },
    fully: true,
  },
  {
    name: 'cycle of length 2: cross-holding T↔H (T: P 50% H 50%; H: P 50% T 50%) → P 100%',
    ids: [1, 100, 101],
    rels: [
      [1, 100, 'OWNS', '50'],
      [101, 100, 'OWNS', '50'],
      [1, 101, 'OWNS', '50'],
      [100, 101, 'OWNS', '50'],
    ],
    expected: { 1: 100 },
    fully: true,
  },
  {
    name: 'cycle of length 2 with two owners: T: A 50% H 50%; H: B 50% T 50% → A 66.666667%, B 33.333333%',
    ids: [1, 2, 100, 101],
    rels: [
      [1, 100, 'OWNS', '50'],
      [101, 100, 'OWNS', '50'],
      [2, 101, 'OWNS', '50'],
      [100, 101, 'OWNS', '50'],
    ],
    // f(T)=1+½f(H), f(H)=½f(T) → f(T)=4/3, f(H)=2/3; A=½·4/3=2/3, B=½·2/3=1/3
    expected: { 1: 66.666667, 2: 33.333333 },
    fully: true,
  },
  {
    name: 'cycle of length 3 above the subject: H1→H2→H3→H1 30% each, outsiders 70% of each',
    ids: [1, 2, 3, 100, 101, 102, 103],
    rels: [
      [101, 100, 'OWNS', '100'],
      [102, 101, 'OWNS', '30'],
      [103, 102, 'OWNS', '30'],
      [101, 103, 'OWNS', '30'],
      [1, 101, 'OWNS', '70'],
      [2, 102, 'OWNS', '70'],
      [3, 103, 'OWNS', '70'],
    ],
    // f1=1+0.3f3... f(H1)=1+0.3·f(H3)·? solved: f1 = 1/(1-0.027) = 1000/973; f2 = 0.3 f1; f3 = 0.09 f1
    // P1 = 0.7·1000/973 = 71.942446%, P2 = 0.7·0.3·1000/973 = 21.582734%, P3 = 0.7·0.09·1000/973 = 6.474820%
    expected: { 1: 71.942446, 2: null, 3: null },
    flows: { 1: 71.942446, 2: 21.582734, 3: 6.47482 },
    fully: true,
  },
  {
    name: 'cycle of length 4 through the subject: T→A→B→C→T 10% each, persons hold the rest',
    ids: [1, 2, 3, 4, 100, 101, 102, 103],
    rels: [
      [101, 100, 'OWNS', '10'],
      [102, 101, 'OWNS', '10'],
      [103, 102, 'OWNS', '10'],
      [100, 103, 'OWNS', '10'],
      [1, 100, 'OWNS', '90'],
      [2, 101, 'OWNS', '90'],
      [3, 102, 'OWNS', '90'],
      [4, 103, 'OWNS', '90'],
    ],
    // f(T)=1/(1-0.0001)=10000/9999; P1 = 0.9·f(T) = 90.009001%; others below 25%
    expected: { 1: 90.009001, 2: null, 3: null, 4: null },
    // f(A)=0.1·f(T), f(B)=0.01·f(T), f(C)=0.001·f(T)
    flows: { 1: 90.009001, 2: 9.0009, 3: 0.90009, 4: 0.090009 },
    fully: true,
  },
  {
    name: 'exactly 25% is not above the threshold; 25.000001% is',
    ids: [1, 2, 3, 100],
    rels: [
      [1, 100, 'OWNS', '25'],
      [2, 100, 'OWNS', '25.000001'],
      [3, 100, 'OWNS', '49.999999'],
    ],
    expected: { 1: null, 2: 25.000001, 3: 49.999999 },
    fully: true,
  },
  {
    name: 'unknown percentages (Receita partner data): every person is reported with a null percentage',
    ids: [1, 2, 100, 101],
    rels: [
      [1, 100, 'PARTNER_OF', null],
      [101, 100, 'PARTNER_OF', null],
      [2, 101, 'PARTNER_OF', null],
    ],
    expected: { 1: null, 2: null },
    fully: false,
  },
];

describe('beneficial owners: effective ownership, exact', () => {
  it.each(cases)('$name', ({ ids, rels, expected, flows, fully }) => {
    const snapshot = snapshotOf({ subject: 100, entities: entitiesFor(ids), rels });
    const result = resolveBeneficialOwners(snapshot, 25);
    const computed = computeEffectiveOwnership(100, collectOwnershipLinks(snapshot));
    for (const [id, percent] of Object.entries(flows ?? {})) expect(toPercentNumber(computed.flow.get(Number(id))!)).toBe(percent);
    const byOwner = new Map(result.findings.map((f) => [f.beneficial_owner.entity_id, f]));
    for (const [id, percent] of Object.entries(expected)) {
      const finding = byOwner.get(Number(id));
      if (percent === null && rels.every((r) => r[3] !== null)) expect(finding).toBeUndefined();
      else {
        expect(finding).toBeDefined();
        expect(finding!.ownership_percentage).toBe(percent);
      }
    }
    if (fully !== undefined) expect(result.resolution?.fully_resolved).toBe(fully);
  });
});
