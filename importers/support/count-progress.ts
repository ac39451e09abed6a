import { formatProgressBar, progressFigures } from '../../domain/progress-figures';

/** Progress of a step that counts things (analyses verified, rows generated, requests sent). */
export type CountProgress = {
  add: (count: number) => void;
  /** What is being worked on now (a phase, a file). */
  label: (text: string) => void;
  done: () => void;
};

export type CountProgressOptions = {
  /** Names the step in JSON lines (`verify`, `generate`, `bench`). */
  kind: string;
  /** What is counted, plural (`analyses`, `rows`, `requests`). */
  unit: string;
  stream?: NodeJS.WriteStream;
  /** Seconds between two JSON lines when the stream is not a terminal. */
  intervalSeconds?: number;
  now?: () => number;
};

/**
 * As the imports do (importers/support/progress.ts): on a terminal a bar with rate and ETA redrawn
 * at most 10 times a second; elsewhere one JSON line every few seconds and at the end:
 * `{"level":30,"time","msg":"<kind> progress","kind","label","done","total","percent","per_s","eta_s","elapsed_s"}`.
 */
export function createCountProgress(total: number, options: CountProgressOptions): CountProgress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const started = now();
  let done = 0;
  let text = '';
  const figures = () => progressFigures(done, total, now() - started);

  if (!stream.isTTY) {
    const emit = (msg: string) => {
      const f = figures();
      stream.write(
        `${JSON.stringify({ level: 30, time: new Date(now()).toISOString(), msg, kind: options.kind, label: text || null, done: f.done, total: f.total, percent: f.percent, per_s: f.perSecond, eta_s: f.etaSeconds, elapsed_s: f.elapsedSeconds })}\n`,
      );
    };
    const timer = setInterval(() => emit(`${options.kind} progress`), Math.max(0.1, options.intervalSeconds ?? 5) * 1000);
    timer.unref();
    return {
      add: (count) => void (done += count),
      label: (value) => void (text = value),
      done: () => {
        clearInterval(timer);
        emit(`${options.kind} progress done`);
      },
    };
  }

  let drawn = 0;
  const draw = (force = false) => {
    const at = now();
    if (!force && at - drawn < 100) return;
    drawn = at;
    stream.write(`\r${formatProgressBar(`${options.kind}${text ? ` ${text}` : ''}`.slice(0, 28), options.unit, figures())} `);
  };
  return {
    add: (count) => {
      done += count;
      draw();
    },
    label: (value) => {
      text = value;
      draw(true);
    },
    done: () => {
      draw(true);
      stream.write('\n');
    },
  };
}
