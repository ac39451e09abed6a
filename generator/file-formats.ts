import iconv from 'iconv-lite';
import { createWriteStream, WriteStream } from 'node:fs';
import { once } from 'node:events';

/** Receita Federal's dialect: every field quoted, `;` between fields (quotes doubled, which RF parsers read back as one). */
export function rfLine(fields: (string | number | null | undefined)[]): string {
  return fields.map((f) => `"${String(f ?? '').replace(/"/g, '""')}"`).join(';');
}

/** CGU's CSV dialect (PEP, CEIS, CNEP): `;`-separated, fields quoted. */
export const cguLine = rfLine;

/**
 * A line-oriented file writer in the publisher's encoding (latin1 for RF and CGU, utf8 for
 * JSON lines), buffered, with backpressure: generating a million-row file keeps memory flat.
 */
export class LineFileWriter {
  private readonly stream: WriteStream;
  private parts: string[] = [];
  private size = 0;
  constructor(
    file: string,
    private readonly encoding: 'latin1' | 'utf8',
    private readonly eol = '\n',
  ) {
    this.stream = createWriteStream(file);
  }

  async line(text: string): Promise<void> {
    this.parts.push(text, this.eol);
    this.size += text.length + 1;
    if (this.size >= 1 << 16) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    const buffer = this.encoding === 'latin1' ? iconv.encode(text, 'latin1') : Buffer.from(text, 'utf8');
    if (!this.stream.write(buffer)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}
