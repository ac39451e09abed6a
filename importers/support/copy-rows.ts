import { once } from 'node:events';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** One value in COPY text format: NULL as \N, and backslash, tab, newline, CR escaped. */
function copyValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}

const activeCopies = new WeakMap<PoolClient, Set<CopyWriter>>();

/**
 * A connection in the middle of a COPY accepts nothing else (not even ROLLBACK): on failure the
 * import aborts every open COPY first, which sends CopyFail and hands the connection back.
 */
export async function abortActiveCopies(client: PoolClient): Promise<void> {
  for (const writer of [...(activeCopies.get(client) ?? [])]) await writer.abort();
}

/**
 * A COPY … FROM STDIN writer with backpressure: rows are buffered into ~256 KB chunks, and
 * writing waits whenever the socket is full, so memory stays bounded whatever the file size.
 */
export class CopyWriter {
  private buffer: string[] = [];
  private size = 0;
  private readonly stream: ReturnType<typeof copyFrom>;
  private readonly finished: Promise<unknown>;
  rows = 0;

  constructor(
    private readonly client: PoolClient,
    table: string,
    columns: string[],
  ) {
    this.stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
    if (!activeCopies.has(client)) activeCopies.set(client, new Set());
    activeCopies.get(client)!.add(this);
    this.finished = new Promise((resolve, reject) => {
      this.stream.on('finish', resolve);
      this.stream.on('error', reject);
    });
    // Observed by write/end/abort; this keeps an error between two writes from being "unhandled".
    this.finished.catch(() => undefined);
  }

  async write(values: (string | number | boolean | null | undefined)[]): Promise<void> {
    if (this.add(values)) await this.flush();
  }

  /** Buffers a row without awaiting; true when the buffer is full and `flush()` is due. */
  add(values: (string | number | boolean | null | undefined)[]): boolean {
    const line = `${values.map(copyValue).join('\t')}\n`;
    this.buffer.push(line);
    this.size += line.length;
    this.rows++;
    return this.size >= 1 << 18;
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await Promise.race([once(this.stream, 'drain'), this.finished]);
  }

  async end(): Promise<void> {
    try {
      await this.flush();
      this.stream.end();
      await this.finished;
    } finally {
      activeCopies.get(this.client)?.delete(this);
    }
  }

  async abort(): Promise<void> {
    activeCopies.get(this.client)?.delete(this);
    this.buffer = [];
    if (this.stream.writableFinished || this.stream.destroyed) return;
    this.stream.destroy(new Error('import aborted'));
    await this.finished.catch(() => undefined);
  }
}
