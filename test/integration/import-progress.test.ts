import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../support/cli';
import { ownDatabase } from '../support/database-roles';
import { closeTestDb } from '../support/tenants';

jest.setTimeout(180_000);

/** The JSON lines an import wrote on stderr (not a terminal here, as under cron or Kubernetes). */
function progressLines(stderr: string): any[] {
  return stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .filter((l) => String(l.msg).startsWith('import '));
}

describe('import progress on a non-terminal stderr: JSON lines through every phase', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-progress-'));
  // A database of its own: a whole synthetic release in the shared one would change what the
  // entity search and the importer tests running beside it see.
  const database = `import_progress_${process.pid}_${Date.now()}`;
  const ownDb = ownDatabase(database);
  const env = ownDb.env;
  beforeAll(async () => {
    await ownDb.create();
    expect((await runOps(['db', 'migrate', '--json'], env)).code).toBe(0);
    const generated = await runOps(['generate', '--entities', '400', '--seed', `progress-${randomUUID()}`, '--out', dir, '--json']);
    expect(generated.code).toBe(0);
    // The generator reports too: its last line counts every registry row it announced.
    const done = generated.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'generate progress done');
    expect(done).toMatchObject({ kind: 'generate', percent: 100, eta_s: 0, per_s: expect.any(Number) });
    expect(done.done).toBe(done.total);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await ownDb.drop();
    await closeTestDb();
  });

  it('reports each phase of a CNPJ release with counts and rates, and one final line that matches the summary', async () => {
    const result = await runOps(['import', 'cnpj', '--dir', path.join(dir, 'cnpj'), '--progress-interval', '0.1', '--json'], env);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout); // stdout stays one JSON object
    const lines = progressLines(result.stderr);
    const started = lines.filter((l) => l.msg === 'import phase started').map((l) => l.started);
    for (const phase of ['stage', 'establishments', 'partner_entities', 'branches', 'partner_relationships'])
      expect(started).toContain(phase);
    const ended = lines.filter((l) => l.msg === 'import phase ended');
    expect(ended.every((l) => typeof l.duration_ms === 'number')).toBe(true);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: 30,
        kind: 'cnpj',
        bytes_total: expect.any(Number),
        rows_read: expect.any(Number),
        rows_per_s: expect.any(Number),
        mb_per_s: expect.any(Number),
        written: expect.any(Number),
        written_per_s: expect.any(Number),
        elapsed_s: expect.any(Number),
      });
    }
    // Staging reads every byte; the counts grow as phases end.
    const stageEnd = ended.find((l) => l.ended === 'stage');
    expect(stageEnd.bytes_read).toBe(stageEnd.bytes_total);
    expect(stageEnd.eta_s).toBe(0);
    expect(stageEnd.rows_read).toBe(summary.rows_read);
    const last = lines.at(-1);
    expect(last.msg).toBe('import progress done');
    expect(last.written).toBe(summary.inserted + summary.updated);
    expect(last.rejected).toBe(summary.rejected);
  });

  it('reports a one-file import the same way', async () => {
    const result = await runOps(['import', 'pep', '--file', path.join(dir, 'pep.csv'), '--progress-interval', '0.1', '--json'], env);
    expect(result.code).toBe(0);
    const lines = progressLines(result.stderr);
    expect(lines.find((l) => l.msg === 'import phase started')).toMatchObject({ kind: 'pep', started: 'read_and_write' });
    expect(lines.at(-1)).toMatchObject({
      msg: 'import progress done',
      rows_read: result.json.rows_read,
      bytes_read: lines.at(-1).bytes_total,
    });
  });
});
