/**
 * What a long step shows about itself (docs/operations.md, "Progress"): how far it got, how fast,
 * and when it should end at that pace. Pure: the callers own the clock and the stream.
 */
export type ProgressFigures = {
  done: number;
  total: number;
  /** Of the total, one decimal; null when the total is unknown (0). */
  percent: number | null;
  perSecond: number;
  /** At the average pace so far; null before anything is done or without a total. */
  etaSeconds: number | null;
  elapsedSeconds: number;
};

export function progressFigures(done: number, total: number, elapsedMs: number): ProgressFigures {
  const elapsedSeconds = Math.max(0, elapsedMs) / 1000;
  const perSecond = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const percent = total > 0 ? Math.round((1000 * Math.min(done, total)) / total) / 10 : null;
  // All done is nothing left to wait for, however fast it went (even within the same millisecond).
  const etaSeconds =
    total > 0 && done >= total ? 0 : total > 0 && done > 0 && perSecond > 0 ? Math.max(0, (total - done) / perSecond) : null;
  return {
    done,
    total,
    percent,
    perSecond: Math.round(perSecond * 10) / 10,
    etaSeconds: etaSeconds === null ? null : Math.round(etaSeconds),
    elapsedSeconds: Math.round(elapsedSeconds * 10) / 10,
  };
}

/** `0:07`, `4:05`, `1:02:03`; `--:--` when unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const mmss = `${h > 0 ? String(m).padStart(2, '0') : m}:${String(r).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** One terminal line: `[######........................]  20% verify 200/1000 analyses 50.0/s ETA 0:16`. */
export function formatProgressBar(label: string, unit: string, figures: ProgressFigures, width = 30): string {
  const ratio = figures.total > 0 ? Math.min(1, figures.done / figures.total) : 0;
  const filled = Math.round(ratio * width);
  const percent = figures.percent === null ? '  ?%' : `${Math.floor(figures.percent).toString().padStart(3)}%`;
  const count = figures.total > 0 ? `${figures.done}/${figures.total}` : `${figures.done}`;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent} ${label} ${count} ${unit} ${figures.perSecond.toFixed(1)}/s ETA ${formatDuration(figures.etaSeconds)}`;
}
