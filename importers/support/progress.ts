import { formatDuration, progressFigures } from '../../domain/progress-figures';
import type { RejectionLog } from './rejections';
import type { TableCounts } from './summary';

/**
 * What an import tells about itself while it runs: bytes read (staging), the phases it enters
 * and leaves (staging, each upsert, index rebuild), rows read, and the live table counts.
 */
export type Progress = {
  advance: (bytes: number) => void;
  /** The file or step being worked on. */
  label: (text: string) => void;
  phaseStarted: (name: string) => void;
  phaseEnded: (name: string, durationMs: number) => void;
  addRows: (rows: number) => void;
  /** The counts the import fills as it goes (read when reporting). */
  track: (tables: Record<string, TableCounts>, rejections?: RejectionLog) => void;
  done: () => void;
};

const noop = () => undefined;

function leave(phases: string[], name: string): void {
  const at = phases.lastIndexOf(name);
  if (at >= 0) phases.splice(at, 1);
}
export const silentProgress: Progress = {
  advance: noop,
  label: noop,
  phaseStarted: noop,
  phaseEnded: noop,
  addRows: noop,
  track: noop,
  done: noop,
};

export type ProgressOptions = {
  kind: string;
  stream?: NodeJS.WriteStream;
  /** Seconds between two JSON lines when the stream is not a terminal. */
  intervalSeconds?: number;
};

/**
 * On a terminal, a bar redrawn at most 10 times a second. Elsewhere (cron, Kubernetes, a pipe),
 * one JSON line every few seconds and at every phase change, so the log shows the import moving:
 * `{"level":30,"time","msg":"import progress","kind","phase","bytes_read","bytes_total","percent",
 * "mb_per_s","rows_read","rows_per_s","written","written_per_s","rejected","eta_s","elapsed_s"}` (the ETA at the
 * average pace of the bytes read so far).
 */
export function createProgress(totalBytes: number, options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const started = Date.now();
  const state = {
    bytes: 0,
    rows: 0,
    text: '',
    phases: [] as string[],
    tables: {} as Record<string, TableCounts>,
    rejections: undefined as RejectionLog | undefined,
  };
  let last = { at: started, written: 0 };
  const written = () => Object.values(state.tables).reduce((sum, t) => sum + t.inserted + t.updated, 0);

  function snapshot(event: string, extra: Record<string, unknown> = {}) {
    const now = Date.now();
    const elapsed = Math.max(0.001, (now - started) / 1000);
    const writtenNow = written();
    const sinceLast = Math.max(0.001, (now - last.at) / 1000);
    const line = {
      level: 30,
      time: new Date(now).toISOString(),
      msg: event,
      kind: options.kind,
      phase: state.phases.at(-1) ?? null,
      phases: [...state.phases],
      file: state.text || null,
      bytes_read: state.bytes,
      bytes_total: totalBytes,
      percent: totalBytes > 0 ? Math.round((1000 * state.bytes) / totalBytes) / 10 : null,
      mb_per_s: Math.round((state.bytes / 1e6 / elapsed) * 10) / 10,
      rows_read: state.rows,
      rows_per_s: Math.round(state.rows / elapsed),
      written: writtenNow,
      written_per_s: Math.round((writtenNow - last.written) / sinceLast),
      rejected: state.rejections?.count ?? 0,
      eta_s: progressFigures(state.bytes, totalBytes, now - started).etaSeconds,
      elapsed_s: Math.round(elapsed * 10) / 10,
      ...extra,
    };
    last = { at: now, written: writtenNow };
    return line;
  }

  if (!stream.isTTY) {
    const emit = (event: string, extra?: Record<string, unknown>) => stream.write(`${JSON.stringify(snapshot(event, extra))}\n`);
    const timer = setInterval(() => emit('import progress'), Math.max(0.1, options.intervalSeconds ?? 5) * 1000);
    timer.unref();
    return {
      advance: (bytes) => void (state.bytes += bytes),
      label: (text) => void (state.text = text),
      phaseStarted: (name) => {
        state.phases.push(name);
        emit('import phase started', { started: name });
      },
      phaseEnded: (name, durationMs) => {
        leave(state.phases, name);
        emit('import phase ended', { ended: name, duration_ms: durationMs });
      },
      addRows: (rows) => void (state.rows += rows),
      track: (tables, rejections) => Object.assign(state, { tables, rejections }),
      done: () => {
        clearInterval(timer);
        emit('import progress done');
      },
    };
  }

  let drawn = 0;
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - drawn < 100) return;
    drawn = now;
    const s = snapshot('');
    const ratio = totalBytes > 0 ? Math.min(1, state.bytes / totalBytes) : 0;
    const filled = Math.round(ratio * 30);
    const what = `${s.phase ?? ''} ${state.text}`.trim().slice(0, 28).padEnd(28);
    stream.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${what} ${s.mb_per_s} MB/s ${s.rows_read} rows ${s.written} written ETA ${formatDuration(s.eta_s)} `,
    );
  };
  return {
    advance: (bytes) => {
      state.bytes += bytes;
      draw();
    },
    label: (text) => {
      state.text = text;
      draw(true);
    },
    phaseStarted: (name) => {
      state.phases.push(name);
      draw(true);
    },
    phaseEnded: (name) => {
      leave(state.phases, name);
      draw(true);
    },
    addRows: (rows) => void (state.rows += rows),
    track: (tables, rejections) => Object.assign(state, { tables, rejections }),
    done: () => {
      draw(true);
      stream.write('\n');
    },
  };
}
