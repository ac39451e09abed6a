import type { Progress } from './progress';
import { readLines } from './read-lines';
import { WrongFormatError } from './rejections';
import { mapHeader, HeaderAliases } from '../cgu/header-map';
import { splitRfLine } from '../rf/split-rf-line';
import type { SourceEntry } from './source-entries';

/**
 * Rows of a `;`-separated CSV with a header (CGU downloads, latin1), each with its line number
 * and a getter by logical field. A header without the `required` fields fails the file at once.
 */
export async function* readCsvWithHeader<F extends string>(
  entry: SourceEntry,
  aliases: HeaderAliases<F>,
  required: NoInfer<F>[],
  progress: Progress,
  /** Why a header is refused beyond missing fields (e.g. it is the other list's), if it is. */
  refuseHeader?: (index: Partial<Record<F, number>>) => string | undefined,
): AsyncGenerator<{ line: number; columns: number; expected: number; get: (f: F) => string | null }> {
  let lineNumber = 0;
  let index: Partial<Record<F, number>> | undefined;
  let expected = 0;
  for await (const line of readLines(await entry.open(), 'latin1', progress.advance)) {
    lineNumber++;
    if (line.trim() === '') continue;
    const fields = splitRfLine(line);
    if (!index) {
      index = mapHeader(fields, aliases);
      const missing = required.filter((f) => index![f] === undefined);
      if (missing.length)
        throw new WrongFormatError(
          entry.name,
          `header lacks ${missing.map((m) => aliases[m][0]).join(', ')} (found: ${fields.slice(0, 8).join(' | ').slice(0, 200)})`,
        );
      const refused = refuseHeader?.(index);
      if (refused) throw new WrongFormatError(entry.name, refused);
      expected = fields.length;
      continue;
    }
    const map = index;
    yield {
      line: lineNumber,
      columns: fields.length,
      expected,
      get: (f: F) => (map[f] === undefined ? null : (fields[map[f]!] ?? '').trim() || null),
    };
  }
  if (!index) throw new WrongFormatError(entry.name, 'empty file (no header)');
}
