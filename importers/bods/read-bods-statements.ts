import { readFile } from 'node:fs/promises';
import type { Progress } from '../support/progress';
import { readLines } from '../support/read-lines';
import { WrongFormatError } from '../support/rejections';
import type { SourceEntry } from '../support/source-entries';

/**
 * BODS is published as a JSON array of statements (the standard's examples) or as JSON lines
 * (bulk publications). JSON lines stream; an array is parsed whole, so its size is bounded by
 * memory (BODS declarations of one customer are small; bulk data comes as JSON lines).
 */
export async function* readBodsStatements(entry: SourceEntry, progress: Progress): AsyncGenerator<{ line: number; value: unknown; error?: string }> {
  const stream = await entry.open();
  const first: Buffer | undefined = await new Promise((resolve) => {
    stream.once('readable', () => {
      const chunk = stream.read(Math.min(64, stream.readableLength)) as Buffer | null;
      if (chunk) stream.unshift(chunk);
      resolve(chunk ?? undefined);
    });
    stream.once('end', () => resolve(undefined));
  });
  const head = (first?.toString('utf8') ?? '').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('[')) {
    stream.destroy();
    const text = await readFile(entry.container, 'utf8');
    progress.advance(Buffer.byteLength(text));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new WrongFormatError(entry.name, `not valid JSON: ${(error as Error).message.slice(0, 120)}`);
    }
    const list = parsed as unknown[];
    for (let i = 0; i < list.length; i++) yield { line: i + 1, value: list[i] };
    return;
  }
  if (!head.startsWith('{')) throw new WrongFormatError(entry.name, 'expected a JSON array of BODS statements or JSON lines');
  let lineNumber = 0;
  for await (const line of readLines(stream, 'utf8', progress.advance)) {
    lineNumber++;
    if (line.trim() === '') continue;
    try {
      yield { line: lineNumber, value: JSON.parse(line) };
    } catch {
      yield { line: lineNumber, value: undefined, error: 'not valid JSON' };
    }
  }
}
