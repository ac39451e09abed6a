/**
 * Where a process spent its CPU, from a V8 `.cpuprofile` (node --cpu-prof): every sample is put in
 * the first bucket whose pattern matches a frame of its stack, so a cost lands where a reader
 * looks for it ("the pipeline", "Temporal's worker") rather than in the leaf that happened to run
 * (docs/benchmarks.md, "Where a sync analysis' CPU goes"). Only samples inside the window count: a
 * bench profiles a whole process but measures one phase of it.
 */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/**
 * A bucket: its name and a pattern tested against each frame of the stack, written
 * `functionName url`, or against the sample's own frame only (`self`: a native function such as
 * `runInContext`, whose callers are in every other bucket too).
 */
export type ProfileBucket = readonly [name: string, pattern: RegExp, scope?: 'stack' | 'self'];

export type ProfileSummary = {
  /** Seconds of the window the samples cover. */
  sampled_s: number;
  /** Seconds not idle (what the thread spent, GC included). */
  busy_s: number;
  /** Seconds per bucket, busiest first; `other` holds what no bucket matched. */
  buckets: Record<string, number>;
  /** The functions that ran themselves (self time), busiest first, idle left out. */
  top_self: { frame: string; s: number }[];
};

/** V8's pseudo-frames: idle is not spent, the other two are (docs/benchmarks.md). */
export const V8_BUCKETS: ProfileBucket[] = [
  ['idle', /^\(idle\) /],
  ['garbage collection', /^\(garbage collector\) /],
  ['V8 outside JS (program)', /^\(program\) /],
];

const frameName = (frame: CpuProfile['nodes'][number]['callFrame']) => `${frame.functionName} ${frame.url}`;
/** `query pg/client.js:520`: a package's file under the package's name, ours under its folder. */
const shortFrame = (frame: CpuProfile['nodes'][number]['callFrame']) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/.*?([^/]+)$/.exec(frame.url);
  const where = inPackage ? `${inPackage[1]}/${inPackage[2]}` : frame.url.split('/').slice(-2).join('/');
  return `${frame.functionName || '(anonymous)'} ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`.trim();
};
const seconds = (us: number) => Math.round(us / 1e3) / 1e3;

/**
 * `window` is in the profile's own clock (µs, CLOCK_MONOTONIC on Linux, as `process.hrtime`);
 * without it every sample counts.
 */
export function summarizeCpuProfile(
  profile: CpuProfile,
  buckets: readonly ProfileBucket[],
  window: { fromUs: number; toUs: number } = { fromUs: -Infinity, toUs: Infinity },
  topCount = 15,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const rules = [...V8_BUCKETS, ...buckets];
  const bucketOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = bucketOf.get(id);
    if (known !== undefined) return known;
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) frames.push(frameName(byId.get(at)!.callFrame));
    const found =
      rules.find(([, pattern, scope]) => (scope === 'self' ? pattern.test(frames[0]) : frames.some((frame) => pattern.test(frame))))?.[0] ??
      'other';
    bucketOf.set(id, found);
    return found;
  };
  const perBucket = new Map<string, number>();
  const perSelf = new Map<string, number>();
  let clock = profile.startTime;
  let sampled = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    clock += delta;
    if (clock < window.fromUs || clock > window.toUs) continue;
    sampled += delta;
    const id = profile.samples[i];
    const bucket = classify(id);
    perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + delta);
    if (bucket !== 'idle') {
      const frame = shortFrame(byId.get(id)!.callFrame);
      perSelf.set(frame, (perSelf.get(frame) ?? 0) + delta);
    }
  }
  const busiest = <K>(map: Map<K, number>) => [...map].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
  return {
    sampled_s: seconds(sampled),
    busy_s: seconds(sampled - (perBucket.get('idle') ?? 0)),
    buckets: Object.fromEntries(busiest(perBucket).map(([name, us]) => [name, seconds(us)])),
    top_self: busiest(perSelf)
      .slice(0, topCount)
      .map(([frame, us]) => ({ frame, s: seconds(us) })),
  };
}
