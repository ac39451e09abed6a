import { createProgress } from '../../../../importers/support/progress';
import { createPhaseTimer } from '../../../../importers/support/phase-timer';
import { RejectionLog } from '../../../../importers/support/rejections';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  return {
    stream: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream,
    written,
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
  };
}

describe('import progress', () => {
  it('writes a JSON line at each phase start and end, with live counts and rates, when the stream is not a terminal', async () => {
    const out = fakeStream(false);
    const progress = createProgress(1000, { kind: 'cnpj', stream: out.stream, intervalSeconds: 3600 });
    const tables = { entities: { inserted: 0, updated: 0, unchanged: 0 } };
    progress.track(tables, new RejectionLog());
    const phase = createPhaseTimer(undefined, progress);
    await phase('stage', async () => {
      progress.advance(600);
      progress.advance(400);
      progress.addRows(50);
    });
    await phase('rebuild_indexes', async () => {
      tables.entities.inserted = 40;
      tables.entities.updated = 5;
    });
    progress.done();
    const lines = out.lines();
    expect(lines.map((l) => [l.msg, l.started ?? l.ended ?? null])).toEqual([
      ['import phase started', 'stage'],
      ['import phase ended', 'stage'],
      ['import phase started', 'rebuild_indexes'],
      ['import phase ended', 'rebuild_indexes'],
      ['import progress done', null],
    ]);
    // Every byte read: nothing left to wait for.
    expect(lines[1]).toMatchObject({
      kind: 'cnpj',
      phase: null,
      bytes_read: 1000,
      bytes_total: 1000,
      percent: 100,
      rows_read: 50,
      written: 0,
      eta_s: 0,
    });
    expect(lines[2]).toMatchObject({ phase: 'rebuild_indexes', phases: ['rebuild_indexes'] });
    expect(lines[4]).toMatchObject({ written: 45, rejected: 0 });
    for (const line of lines)
      expect(line).toEqual(
        expect.objectContaining({
          level: 30,
          time: expect.any(String),
          mb_per_s: expect.any(Number),
          rows_per_s: expect.any(Number),
          written_per_s: expect.any(Number),
        }),
      );
  });

  it('writes a line every interval while nothing else happens', async () => {
    const out = fakeStream(false);
    const progress = createProgress(10, { kind: 'pep', stream: out.stream, intervalSeconds: 0.1 });
    await new Promise((r) => setTimeout(r, 450));
    progress.done();
    expect(out.lines().filter((l) => l.msg === 'import progress').length).toBeGreaterThanOrEqual(2);
  });

  it('draws a bar, not JSON, on a terminal', () => {
    const out = fakeStream(true);
    const progress = createProgress(100, { kind: 'pep', stream: out.stream });
    progress.label('PEP.csv');
    progress.advance(50);
    progress.done();
    expect(out.written.join('')).toContain('[###############...............]  50% PEP.csv');
  });
});
