import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { readJsonArrayElements } from './read-json-array';
import type { Progress } from '../support/progress';
import { readLines } from '../support/read-lines';
import { WrongFormatError } from '../support/rejections';
import type { SourceEntry } from '../support/source-entries';

/**
 * BODS is published as a JSON array of statements (the standard's examples) or as JSON lines
 * (bulk publications). Both stream: an array is split into its elements as the bytes arrive
 * (only one statement is held at a time); positions are 1-based element indexes.
 */
export async function* readBodsStatements(
  entry: SourceEntry,
  progress: Progress,
): AsyncGenerator<{ line: number; value: unknown; error?: string }> {
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
    let position = 0;
    try {
      for await (const text of readJsonArrayElements(decodeUtf8(stream, progress.advance))) {
        position++;
        yield { line: position, value: JSON.parse(text) };
      }
    } catch (error) {
      throw new WrongFormatError(entry.name, `not valid JSON: ${(error as Error).message.slice(0, 120)}`);
    }
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

async function* decodeUtf8(stream: Readable, onBytes: (n: number) => void): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) {
    onBytes((chunk as Buffer).length);
    yield decoder.write(chunk as Buffer);
  }
  yield decoder.end();
}
