import fc from 'fast-check';
import type { Snapshot } from '../../../../domain/analysis/snapshot';
import { canonicalJson } from '../../../../domain/canonical-json';
import { score } from './support/score';
import { declaration, entity, mediaHit, pep, proceeding, rel, sanction, snapshot } from './support/snapshot-builder';
import { scenarios } from './support/scenarios';

/** Applies one permutation (from fast-check) to every array of the snapshot, nested ones included. */
function permute(s: Snapshot, shuffle: <T>(items: T[]) => T[]): Snapshot {
  return {
    ...s,
    network: {
      ...s.network,
      entities: shuffle(
        s.network.entities.map((e) => ({
          ...e,
          profile: Array.isArray(e.profile.secondary_cnae_codes)
            ? { ...e.profile, secondary_cnae_codes: shuffle(e.profile.secondary_cnae_codes as string[]) }
            : e.profile,
        })),
      ),
      relationships: shuffle(s.network.relationships),
    },
    pep_records: shuffle(s.pep_records),
    sanctions: shuffle(s.sanctions),
    proceedings: shuffle(s.proceedings.map((p) => ({ ...p, parties: shuffle(p.parties) }))),
    ownership_declarations: shuffle(s.ownership_declarations.map((d) => ({ ...d, interest_types: shuffle(d.interest_types) }))),
    media_hits: shuffle(s.media_hits),
    limitations: shuffle(s.limitations),
  };
}

const dates = fc.option(fc.constantFrom('2015-01-01', '2021-11-20', '2024-06-30', '2026-11-21', '2026-11-22', '2028-01-01'), { nil: null });
const types = fc.constantFrom('PARTNER_OF', 'OWNS', 'ADMINISTERS', 'FAMILY_OF', 'BRANCH_OF', 'CONTROLS', 'EMPLOYED_BY');

/** Random small networks around subject 1 with every kind of record. */
const randomSnapshot = fc
  .record({
    size: fc.integer({ min: 1, max: 12 }),
    edges: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), types, fc.boolean()), { maxLength: 30 }),
    sanctions: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom('ceis', 'cnep'), dates, dates), { maxLength: 4 }),
    peps: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), dates, dates), { maxLength: 4 }),
    statuses: fc.array(fc.constantFrom('ATIVA', 'BAIXADA', 'INAPTA', null), { minLength: 12, maxLength: 12 }),
    hits: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom('fraud', 'terrorism', 'other')), { maxLength: 4 }),
  })
  .map((r): Snapshot => {
    const ids = Array.from({ length: r.size }, (_, i) => i + 1);
    const inRange = (id: number) => id <= r.size;
    return snapshot(
      1,
      ids.map((id) =>
        entity(id, id % 3 === 0 ? 'person' : 'organization', `E${id}`, {
          status: r.statuses[id - 1],
          profile: { secondary_cnae_codes: ['b', 'a', 'c'], incorporation_date: '2026-03-01' },
        }),
      ),
      {
        relationships: r.edges
          .filter(([a, b]) => inRange(a) && inRange(b))
          .map(([a, b, type, active]) => rel(a, b, type, { is_active: active })),
        sanctions: r.sanctions.filter(([id]) => inRange(id)).map(([id, list, start, end], i) => sanction(i + 1, id, list, start, end)),
        pep_records: r.peps.filter(([id]) => inRange(id)).map(([id, start, end], i) => pep(i + 1, id, start, end)),
        proceedings: [
          proceeding(
            1,
            ids.slice(0, 3).map((id) => ({ entity_id: id, role: id === 2 ? 'testemunha' : null })),
          ),
        ],
        ownership_declarations: r.size > 1 ? [{ ...declaration(1, 1, 2), interest_types: ['voting', 'shareholding', 'board'] }] : [],
        media_hits: r.hits.filter(([id]) => inRange(id)).map(([id, category], i) => mediaHit(`m${i}`, id, category)),
        limitations: [
          { code: 'b', message: 'm', entity_id: null, details: {} },
          { code: 'a', message: 'm', entity_id: 1, details: {} },
        ],
      },
    );
  });

const shuffler = fc.infiniteStream(fc.integer({ min: 0, max: 1_000_000 })).map((stream) => {
  const it = stream[Symbol.iterator]();
  return <T>(items: T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = (it.next().value as number) % (i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
});

const snapshots = fc.oneof(
  fc.constantFrom(...Object.values(scenarios)).map((make) => make()),
  randomSnapshot,
);

describe('determinism', () => {
  it('permuting any array of the snapshot changes no fingerprint, no score and no byte of the verdict', () => {
    fc.assert(
      fc.property(snapshots, shuffler, (s, shuffle) => {
        const a = score(s);
        const b = score(permute(s, shuffle));
        expect(b.versions).toEqual(a.versions);
        expect(b.risk.score).toBe(a.risk.score);
        expect(canonicalJson(b)).toBe(canonicalJson(a));
      }),
      { numRuns: 200 },
    );
  });

  it('scores the same snapshot identically twice (no hidden state)', () => {
    fc.assert(
      fc.property(randomSnapshot, (s) => {
        expect(canonicalJson(score(s))).toBe(canonicalJson(score(structuredClone(s))));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps the score an integer in 0..100 whose level matches its band', () => {
    fc.assert(
      fc.property(randomSnapshot, (s) => {
        const { risk } = score(s);
        expect(Number.isInteger(risk.score) && risk.score >= 0 && risk.score <= 100).toBe(true);
        const expected = risk.score >= 75 ? 'critical' : risk.score >= 50 ? 'high' : risk.score >= 25 ? 'medium' : 'low';
        expect(risk.risk_level).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('changes the input fingerprint when the data changes, and only the snapshot hash when only as_of changes', () => {
    const s = scenarios['sanctioned-company-pep-partner']();
    const base = score(s).versions;
    const otherDay = score({ ...s, as_of: '2026-11-22' }).versions;
    expect(otherDay.input_fingerprint).toBe(base.input_fingerprint);
    expect(otherDay.snapshot_hash).not.toBe(base.snapshot_hash);
    const changed = score({ ...s, sanctions: s.sanctions.slice(1) }).versions;
    expect(changed.input_fingerprint).not.toBe(base.input_fingerprint);
    expect(changed.verdict_fingerprint).not.toBe(base.verdict_fingerprint);
    expect(changed.engine_fingerprint).toBe(base.engine_fingerprint);
  });

  it('ignores the workflow version in the verdict fingerprint', () => {
    const s = scenarios['clean-company']();
    expect(score(s, { analysisWorkflowVersion: 'x' }).versions.verdict_fingerprint).toBe(score(s).versions.verdict_fingerprint);
  });
});
