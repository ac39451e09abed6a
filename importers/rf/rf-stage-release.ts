import type { PoolClient } from 'pg';
import type { Progress } from '../support/progress';
import { RejectionLog } from '../support/rejections';
import type { SourceEntry } from '../support/source-entries';
import { ImportSession, inParallel } from '../support/import-session';
import type { createPhaseTimer } from '../support/phase-timer';
import { RfFileKind, rfLoadOrder } from './rf-files';
import { loadCodeBook, stageRfEntry } from './rf-staging';
import { preparePartners } from './rf-upsert-partners';

export type Known = { entry: SourceEntry; kind: RfFileKind | null };
export type Phase = ReturnType<typeof createPhaseTimer>;

/**
 * Stages the release on both connections at once: partners (the largest file) on one, everything
 * else on the other, in load order; the partner connection goes on with `preparePartners`. Each lane keeps its own rejection log; they are merged in load
 * order so the first rejections are reported deterministically.
 */
export async function stageRelease(
  session: ImportSession,
  known: Known[],
  rejections: RejectionLog,
  progress: Progress,
  phase: Phase,
): Promise<number> {
  const codes = await loadCodeBook(session.a);
  let files = 0;
  const lane = async (client: PoolClient, kinds: RfFileKind[], log: RejectionLog) => {
    let rows = 0;
    for (const kind of kinds) {
      for (const { entry } of known.filter((e) => e.kind === kind)) {
        progress.label(entry.name);
        const staged = await stageRfEntry(client, entry, kind, log, progress, codes, ++files * 1e10);
        progress.addRows(staged);
        rows += staged;
      }
    }
    return rows;
  };
  const [mainLog, partnerLog] = [new RejectionLog(), new RejectionLog()];
  const [mainRows, partnerRows] = await inParallel(
    () =>
      lane(
        session.a,
        rfLoadOrder.filter((k) => k !== 'partners'),
        mainLog,
      ),
    async () => {
      const rows = await lane(session.b, ['partners'], partnerLog);
      // The partner side's preparation overlaps the parsing of the other files.
      await phase('partner_rows', async () => {
        await session.b.query('ANALYZE stg_partner');
        await preparePartners(session.b);
      });
      return rows;
    },
  );
  rejections.absorb(mainLog);
  rejections.absorb(partnerLog);
  return mainRows + partnerRows;
}
