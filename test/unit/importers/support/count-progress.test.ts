import { createCountProgress } from '../../../../importers/support/count-progress';

/** A stream that keeps what is written; a terminal or not. */
function captured(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WriteStream };
}

describe('count progress: a bar on a terminal, JSON lines elsewhere', () => {
  it('writes a JSON line at the end with the counts, the rate and the ETA', () => {
    const { chunks, stream } = captured(false);
    let clock = 1_000_000;
    const progress = createCountProgress(400, { kind: 'verify', unit: 'analyses', stream, intervalSeconds: 3600, now: () => clock });
    progress.label('company 1');
    progress.add(100);
    clock += 2_000;
    progress.done();
    expect(chunks).toHaveLength(1);
    expect(JSON.parse(chunks[0])).toMatchObject({
      msg: 'verify progress done',
      kind: 'verify',
      label: 'company 1',
      done: 100,
      total: 400,
      percent: 25,
      per_s: 50,
      eta_s: 6,
      elapsed_s: 2,
    });
  });

  it('redraws one bar line on a terminal and ends it with a newline', () => {
    const { chunks, stream } = captured(true);
    let clock = 0;
    const progress = createCountProgress(10, { kind: 'bench', unit: 'requests', stream, now: () => clock });
    clock = 1_000;
    progress.add(5);
    clock = 1_050;
    progress.add(1); // within 100 ms of the last draw: not drawn
    clock = 2_000;
    progress.done();
    expect(chunks.filter((c) => c.startsWith('\r'))).toEqual([
      '\r[###############...............]  50% bench 5/10 requests 5.0/s ETA 0:01 ',
      '\r[##################............]  60% bench 6/10 requests 3.0/s ETA 0:01 ',
    ]);
    expect(chunks.at(-1)).toBe('\n');
  });
});
