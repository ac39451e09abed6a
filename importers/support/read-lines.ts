import iconv from 'iconv-lite';
import type { Readable } from 'node:stream';

const stripCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);

/**
 * The lines of a stream, one array per chunk read (bounded memory: one chunk, ~1 MB). Bulk
 * importers loop over each array synchronously: an async generator step per line costs a
 * promise round trip, which at millions of lines is seconds of CPU. Receita Federal and CGU
 * publish ISO-8859-1; we decode as windows-1252, its superset, because stray "smart quotes"
 * (0x93/0x94) occur in real files and mean those characters, not C1 control codes.
 */
export async function* readLineBatches(
  stream: Readable,
  encoding: 'latin1' | 'utf8',
  onBytes?: (n: number) => void,
): AsyncGenerator<string[]> {
  let rest = '';
  const decoder = encoding === 'latin1' ? iconv.getDecoder('win1252') : iconv.getDecoder('utf8');
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    onBytes?.(buffer.length);
    const lines = (rest + decoder.write(buffer)).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) yield lines.map(stripCr);
  }
  const tail = rest + (decoder.end() ?? '');
  if (tail.length > 0) yield [stripCr(tail)];
}

/** Lines of a stream, one at a time (see readLineBatches). */
export async function* readLines(stream: Readable, encoding: 'latin1' | 'utf8', onBytes?: (n: number) => void): AsyncGenerator<string> {
  for await (const batch of readLineBatches(stream, encoding, onBytes)) yield* batch;
}
