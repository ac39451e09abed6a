import { type CpuProfile, type ProfileBucket, summarizeCpuProfile } from '../../../support/cpu-profile-summary';

// root ─┬─ (idle)
//       ├─ (garbage collector)
//       ├─ runInOneWrite analysis-run.ts ── query pg/client.js
//       └─ dispatch koa/index.js ──┬─ query pg/client.js
//                                  └─ gzip node:zlib
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 });
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 6] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('(garbage collector)') },
    { id: 4, callFrame: frame('runInOneWrite', 'file:///srv/usecases/analyses/support/analysis-run.ts'), children: [5] },
    { id: 5, callFrame: frame('query', 'file:///srv/node_modules/pg/lib/client.js') },
    { id: 6, callFrame: frame('dispatch', 'file:///srv/node_modules/koa/index.js'), children: [7, 8] },
    { id: 7, callFrame: frame('query', 'file:///srv/node_modules/pg/lib/client.js') },
    { id: 8, callFrame: frame('gzip', 'node:zlib') },
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  // one sample per ms: idle ×4, gc ×1, pipeline's query ×2, koa's query ×1, gzip ×2
  samples: [2, 2, 5, 7, 8, 5, 3, 2, 8, 2],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};
const buckets: ProfileBucket[] = [
  ['pipeline', /runInOneWrite /],
  ['compression', /node:zlib/],
  ['http', /koa\//],
  ['database driver', /\/pg\//],
];

describe('summarizeCpuProfile', () => {
  const cases: [string, ProfileBucket[], { fromUs: number; toUs: number } | undefined, Record<string, number>, number][] = [
    [
      'a sample goes to the first bucket matching any frame of its stack, in the buckets’ order; busiest first, ties by name',
      buckets,
      undefined,
      { idle: 0.004, compression: 0.002, pipeline: 0.002, 'garbage collection': 0.001, http: 0.001 },
      0.006,
    ],
    [
      'the order decides: the driver first takes the pipeline’s queries too',
      [['database driver', /\/pg\//], ...buckets],
      undefined,
      { idle: 0.004, 'database driver': 0.003, compression: 0.002, 'garbage collection': 0.001 },
      0.006,
    ],
    [
      'a self bucket looks at the sample’s own frame only: the queries under koa are the driver’s, not http’s',
      [
        ['driver (self)', /^query /, 'self'],
        ['http', /koa\//],
      ],
      undefined,
      { idle: 0.004, 'driver (self)': 0.003, http: 0.002, 'garbage collection': 0.001 },
      0.006,
    ],
    ['what no bucket matches is other', [], undefined, { other: 0.005, idle: 0.004, 'garbage collection': 0.001 }, 0.006],
    [
      'only the samples inside the window count (the 3rd to the 6th ms)',
      buckets,
      { fromUs: 1_003_000, toUs: 1_006_000 },
      { pipeline: 0.002, compression: 0.001, http: 0.001 },
      0.004,
    ],
  ];
  it.each(cases)('%s', (_name, given, window, expected, busy) => {
    const summary = summarizeCpuProfile(profile, given, window);
    expect(summary.buckets).toEqual(expected);
    expect(Object.keys(summary.buckets)).toEqual(Object.keys(expected));
    expect(summary.busy_s).toBe(busy);
  });

  it('names the functions that ran themselves, busiest first, without idle', () => {
    expect(summarizeCpuProfile(profile, buckets).top_self).toEqual([
      { frame: 'query pg/client.js:10', s: 0.003 },
      { frame: 'gzip node:zlib:10', s: 0.002 },
      { frame: '(garbage collector)', s: 0.001 },
    ]);
  });
});
