import iconv from 'iconv-lite';
import type { Readable } from 'node:stream';

/**
 * Lines of a stream, decoded chunk by chunk (bounded memory). Receita Federal and CGU publish
 * ISO-8859-1; we decode as windows-1252, its superset, because stray "smart quotes" (0x93/0x94)
 * occur in real files and mean those characters, not C1 control codes.
 */
export async function* readLines(stream: Readable, encoding: 'latin1' | 'utf8', onBytes?: (n: number) => void): AsyncGenerator<string> {
  let rest = '';
  const decoder = encoding === 'latin1' ? iconv.getDecoder('win1252') : iconv.getDecoder('utf8');
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    onBytes?.(buffer.length);
    const text = rest + decoder.write(buffer);
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  const tail = rest + (decoder.end() ?? '');
  if (tail.length > 0) yield tail.endsWith('\r') ? tail.slice(0, -1) : tail;
}
