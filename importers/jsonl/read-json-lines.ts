import type { Progress } from '../support/progress';
import { readLines } from '../support/read-lines';
import { WrongFormatError } from '../support/rejections';
import type { SourceEntry } from '../support/source-entries';

/** JSON lines (UTF-8): one object a line. A first line that is not a JSON object fails the file. */
export async function* readJsonLines(
  entry: SourceEntry,
  progress: Progress,
): AsyncGenerator<{ line: number; value: Record<string, unknown> | undefined; error?: string }> {
  let lineNumber = 0;
  let seen = false;
  for await (const line of readLines(await entry.open(), 'utf8', progress.advance)) {
    lineNumber++;
    if (line.trim() === '') continue;
    let value: unknown;
    let error: string | undefined;
    try {
      value = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) error = 'not a JSON object';
    } catch {
      error = 'not valid JSON';
    }
    if (!seen && error) throw new WrongFormatError(entry.name, `line ${lineNumber} is ${error}: expected JSON lines, one object a line`);
    seen = true;
    yield error ? { line: lineNumber, value: undefined, error } : { line: lineNumber, value: value as Record<string, unknown> };
  }
}
