/** A progress bar on stderr, drawn only when stderr is a terminal, at most ~10 times a second. */
export type Progress = { advance: (bytes: number) => void; label: (text: string) => void; done: () => void };

export const silentProgress: Progress = { advance: () => undefined, label: () => undefined, done: () => undefined };

export function createProgress(totalBytes: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return silentProgress;
  let seen = 0;
  let text = '';
  let last = 0;
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    const ratio = totalBytes > 0 ? Math.min(1, seen / totalBytes) : 0;
    const width = 30;
    const filled = Math.round(ratio * width);
    stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${text.slice(0, 40).padEnd(40)}`);
  };
  return {
    advance: (bytes) => {
      seen += bytes;
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
