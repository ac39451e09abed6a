import { walkNetwork, type NetworkWalk, type WalkNetworkInput } from '../../db/repositories/entities/snapshot-walk';
import { LINK_TYPES, randomGraph, seedGraph, seededRandom, type GraphSpec } from '../support/snapshot-walk-graphs';
import { walkNetworkOneQueryPerHop } from '../support/snapshot-walk-oracle';
import { closeTestDb, testDb } from '../support/tenants';

/**
 * The snapshot_walk function (one round trip) against the JavaScript walk it replaced (one query
 * per hop), on the real test Postgres: persisted snapshots must come out byte-identical, so the
 * two must agree on the hops, their order, the truncation flag and the final frontier.
 */
type Expected = { hops: Record<string, number>; frontier: string[]; truncated: boolean };

const walkOf = (input: WalkNetworkInput) => walkNetwork(testDb(), input);
const oracleOf = (input: WalkNetworkInput) => walkNetworkOneQueryPerHop(testDb(), input);
const plain = (walk: NetworkWalk) => ({ hops: [...walk.hops.entries()], frontier: walk.frontier, truncated: walk.truncated });

afterAll(closeTestDb);

describe('snapshot_walk on hand-built graphs', () => {
  const control = 'OWNS';
  it.each<[string, GraphSpec, { subject?: string; maxDepth: number; maxNodes: number }, Expected]>([
    ['an isolated subject', { nodes: ['s'], links: [] }, { maxDepth: 4, maxNodes: 10 }, { hops: { s: 0 }, frontier: [], truncated: false }],
    [
      'max_depth 0 keeps the subject as the frontier',
      { nodes: ['s', 'a'], links: [['s', 'a', control]] },
      { maxDepth: 0, maxNodes: 10 },
      { hops: { s: 0 }, frontier: ['s'], truncated: false },
    ],
    [
      'max_depth 1 stops at the first hop',
      {
        nodes: ['s', 'a', 'b'],
        links: [
          ['s', 'a', control],
          ['a', 'b', control],
        ],
      },
      { maxDepth: 1, maxNodes: 10 },
      { hops: { s: 0, a: 1 }, frontier: ['a'], truncated: false },
    ],
    [
      'max_depth 4 leaves the fourth hop as the frontier',
      {
        nodes: ['s', 'a', 'b', 'c', 'd', 'e'],
        links: [
          ['s', 'a', control],
          ['a', 'b', control],
          ['b', 'c', control],
          ['c', 'd', control],
          ['d', 'e', control],
        ],
      },
      { maxDepth: 4, maxNodes: 10 },
      { hops: { s: 0, a: 1, b: 2, c: 3, d: 4 }, frontier: ['d'], truncated: false },
    ],
    [
      'links are followed both ways and a cycle ends the walk',
      {
        nodes: ['s', 'a', 'b'],
        links: [
          ['s', 'a', control],
          ['a', 'b', control],
          ['b', 's', 'FAMILY_OF'],
        ],
      },
      { maxDepth: 4, maxNodes: 10 },
      { hops: { s: 0, a: 1, b: 1 }, frontier: [], truncated: false },
    ],
    [
      'self-loops and duplicate links change nothing',
      {
        nodes: ['s', 'a'],
        links: [
          ['s', 's', control],
          ['s', 'a', control],
          ['s', 'a', 'EMPLOYED_BY'],
          ['a', 'a', control],
        ],
      },
      { maxDepth: 4, maxNodes: 10 },
      { hops: { s: 0, a: 1 }, frontier: [], truncated: false },
    ],
    [
      'an account is followed from the holder to the institution only',
      {
        nodes: ['s', 'bank', 'other'],
        links: [
          ['s', 'bank', 'ACCOUNT_AT_INSTITUTION'],
          ['other', 'bank', 'ACCOUNT_AT_INSTITUTION'],
        ],
      },
      { maxDepth: 4, maxNodes: 10 },
      { hops: { s: 0, bank: 1 }, frontier: [], truncated: false },
    ],
    [
      "an institution's account holders are not its network",
      { nodes: ['bank', 'holder'], links: [['holder', 'bank', 'ACCOUNT_AT_INSTITUTION']] },
      { subject: 'bank', maxDepth: 4, maxNodes: 10 },
      { hops: { bank: 0 }, frontier: [], truncated: false },
    ],
    [
      'a declaration links owner and subject both ways',
      {
        nodes: ['s', 'owner', 'owned', 'far'],
        links: [
          ['owner', 's', 'DECLARED_OWNER'],
          ['s', 'owned', 'DECLARED_OWNER'],
          ['far', 'owner', 'DECLARED_OWNER'],
        ],
      },
      { maxDepth: 1, maxNodes: 10 },
      { hops: { s: 0, owner: 1, owned: 1 }, frontier: ['owned', 'owner'], truncated: false },
    ],
    [
      'ties are broken by id',
      {
        nodes: ['s', 'a', 'b', 'c'],
        links: [
          ['s', 'c', control],
          ['b', 's', control],
          ['s', 'a', control],
        ],
      },
      { maxDepth: 4, maxNodes: 3 },
      { hops: { s: 0, a: 1, b: 1 }, frontier: ['a', 'b'], truncated: true },
    ],
    [
      'truncation keeps control, then family, then the rest',
      {
        nodes: ['s', 'employee', 'family', 'bank', 'owner', 'unlisted'],
        links: [
          ['employee', 's', 'EMPLOYED_BY'],
          ['s', 'family', 'FAMILY_OF'],
          ['s', 'bank', 'ACCOUNT_AT_INSTITUTION'],
          ['owner', 's', 'OWNS'],
          ['s', 'unlisted', 'UNLISTED_TEST_LINK'],
        ],
      },
      { maxDepth: 4, maxNodes: 3 },
      { hops: { s: 0, family: 1, owner: 1 }, frontier: ['family', 'owner'], truncated: true },
    ],
    [
      'a candidate ranks by its best link',
      {
        nodes: ['s', 'a', 'b'],
        links: [
          ['s', 'a', 'EMPLOYED_BY'],
          ['s', 'b', 'FAMILY_OF'],
          ['a', 's', control],
        ],
      },
      { maxDepth: 4, maxNodes: 2 },
      { hops: { s: 0, a: 1 }, frontier: ['a'], truncated: true },
    ],
    [
      'truncation at the second hop keeps the first whole',
      {
        nodes: ['s', 'a', 'b', 'c', 'd', 'e'],
        links: [
          ['s', 'a', control],
          ['s', 'b', control],
          ['a', 'c', 'FAMILY_OF'],
          ['b', 'd', control],
          ['b', 'e', control],
        ],
      },
      { maxDepth: 4, maxNodes: 4 },
      { hops: { s: 0, a: 1, b: 1, d: 2 }, frontier: ['d'], truncated: true },
    ],
    [
      'a budget met exactly is not a truncation',
      {
        nodes: ['s', 'a', 'b'],
        links: [
          ['s', 'a', control],
          ['s', 'b', control],
        ],
      },
      { maxDepth: 4, maxNodes: 3 },
      { hops: { s: 0, a: 1, b: 1 }, frontier: [], truncated: false },
    ],
    [
      'a budget of one keeps the subject alone',
      { nodes: ['s', 'a'], links: [['s', 'a', control]] },
      { maxDepth: 4, maxNodes: 1 },
      { hops: { s: 0 }, frontier: [], truncated: true },
    ],
    [
      'a budget of zero is a truncation even without links',
      { nodes: ['s'], links: [] },
      { maxDepth: 4, maxNodes: 0 },
      { hops: { s: 0 }, frontier: [], truncated: true },
    ],
  ])('%s', async (_name, spec, options, expected) => {
    const ids = await seedGraph(testDb(), spec);
    const input = { subjectEntityId: ids[options.subject ?? 's'], maxDepth: options.maxDepth, maxNodes: options.maxNodes };
    const walk = await walkOf(input);
    const name = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    expect({
      hops: Object.fromEntries([...walk.hops].map(([id, hop]) => [name.get(id), hop])),
      frontier: walk.frontier.map((id) => name.get(id)),
      truncated: walk.truncated,
    }).toEqual({ ...expected, frontier: [...expected.frontier].sort((a, b) => ids[a] - ids[b]) });
    expect(plain(walk)).toEqual(plain(await oracleOf(input)));
  });

  it.each([
    [0, [987654321012]],
    [2, []],
  ])(
    'walks a subject that does not exist like an isolated one (max_depth %i), so loadSnapshot still answers NotFoundError',
    async (maxDepth, frontier) => {
      const input = { subjectEntityId: 987654321012, maxDepth, maxNodes: 10 };
      expect(plain(await walkOf(input))).toEqual({ hops: [[987654321012, 0]], frontier, truncated: false });
      expect(plain(await walkOf(input))).toEqual(plain(await oracleOf(input)));
    },
  );

  it('ranks every pair of link types as the priority table does', async () => {
    // One component per ordered pair: s links to x (lower id) by the first type and to y by the
    // second; a budget of two keeps whichever the table prefers.
    const pairs = LINK_TYPES.flatMap((first) => LINK_TYPES.map((second) => [first, second] as const));
    const spec: GraphSpec = {
      nodes: pairs.flatMap((_, i) => [`s${i}`, `x${i}`, `y${i}`]),
      links: pairs.flatMap(
        ([first, second], i) =>
          [
            [`s${i}`, `x${i}`, first],
            [`y${i}`, `s${i}`, second],
          ] as [string, string, string][],
      ),
    };
    const ids = await seedGraph(testDb(), spec);
    const kept = new Set<string>();
    for (const [i, [first, second]] of pairs.entries()) {
      const input = { subjectEntityId: ids[`s${i}`], maxDepth: 2, maxNodes: 2 };
      const walk = await walkOf(input);
      expect({ pair: [first, second], walk: plain(walk) }).toEqual({ pair: [first, second], walk: plain(await oracleOf(input)) });
      kept.add(walk.hops.has(ids[`x${i}`]) ? `${first}<=${second}` : `${first}>${second}`);
    }
    // The comparison is not vacuous: some pairs keep the second type's entity.
    expect([...kept].some((k) => k.includes('>'))).toBe(true);
  });

  it('uses the priority table it is given, so changing the table needs no migration', async () => {
    const ids = await seedGraph(testDb(), {
      nodes: ['s', 'a', 'b'],
      links: [
        ['s', 'a', 'OWNS'],
        ['s', 'b', 'EMPLOYED_BY'],
      ],
    });
    const walk = (priorities: Record<string, number>) =>
      testDb().raw('SELECT entity_ids FROM snapshot_walk(?, 4, 2, ?::jsonb, 3)', [ids.s, JSON.stringify(priorities)]);
    expect((await walk({ OWNS: 0, EMPLOYED_BY: 2 })).rows[0].entity_ids.map(Number)).toEqual([ids.s, ids.a]);
    expect((await walk({ OWNS: 5, EMPLOYED_BY: 2 })).rows[0].entity_ids.map(Number)).toEqual([ids.s, ids.b]);
    expect((await walk({ EMPLOYED_BY: 4 })).rows[0].entity_ids.map(Number)).toEqual([ids.s, ids.a]); // OWNS unlisted: 3
  });
});

describe('snapshot_walk on random graphs', () => {
  it('equals the one-query-per-hop walk on 50 seeded random graphs', async () => {
    const random = seededRandom(20261122);
    const seen = { truncated: 0, deep: 0 };
    for (let graph = 0; graph < 50; graph += 1) {
      const size = 2 + Math.floor(random() * 11);
      const spec = randomGraph(random, size, Math.floor(random() * size * 2.5));
      const ids = await seedGraph(testDb(), spec);
      for (let run = 0; run < 4; run += 1) {
        const input = {
          subjectEntityId: ids[spec.nodes[Math.floor(random() * size)]],
          maxDepth: Math.floor(random() * 5),
          maxNodes: 1 + Math.floor(random() * size),
        };
        const walk = await walkOf(input);
        expect({ graph, run, spec, input, walk: plain(walk) }).toEqual({ graph, run, spec, input, walk: plain(await oracleOf(input)) });
        if (walk.truncated) seen.truncated += 1;
        if (Math.max(...walk.hops.values()) >= 2) seen.deep += 1;
      }
    }
    // The sample is not vacuous: it cuts some walks at the budget and takes others two hops or more.
    expect(seen.truncated).toBeGreaterThan(20);
    expect(seen.deep).toBeGreaterThan(20);
  });

  it('equals the one-query-per-hop walk on a 400-node graph, with and without truncation', async () => {
    const random = seededRandom(4);
    const spec = randomGraph(random, 400, 700);
    const ids = await seedGraph(testDb(), spec);
    for (const [maxDepth, maxNodes, truncated] of [
      [4, 1000, false],
      [4, 100, true],
      [2, 12, true],
    ] as const) {
      const input = { subjectEntityId: ids.n0, maxDepth, maxNodes };
      const walk = await walkOf(input);
      expect(plain(walk)).toEqual(plain(await oracleOf(input)));
      // A walk worth comparing: deep enough to be large, or cut at the budget.
      expect({ truncated: walk.truncated, large: walk.hops.size >= Math.min(maxNodes, 100) }).toEqual({ truncated, large: true });
    }
  });
});
