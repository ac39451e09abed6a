import {
  type BatchFileFormat,
  type BatchRowInput,
  checkCsvHeader,
  type FileProblem,
  MAX_BATCH_BYTES,
  MAX_BATCH_ROWS,
  MAX_FILE_PROBLEMS,
  readCsvLine,
  readNdjsonLine,
} from './batch-file-format';

/** A data row with its 1-based position among the data rows (the header excluded). */
export type NumberedRow = BatchRowInput & { row: number };

/**
 * Reads a batch file chunk by chunk, never holding more than one partial line: strict UTF-8
 * (a streaming decoder, so a character split across chunks is fine), lines split on LF or CRLF,
 * the CSV header checked, each line turned into a row or a whole-file problem, the limits
 * counted. `push` answers the rows the chunk completed; `end` the last ones. Pure: no I/O.
 */
export function createBatchFileReader(
  format: BatchFileFormat,
  limits: { maxRows: number; maxBytes: number } = { maxRows: MAX_BATCH_ROWS, maxBytes: MAX_BATCH_BYTES },
) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const problems: FileProblem[] = [];
  let partial = '';
  let lineNumber = 0;
  let rows = 0;
  let bytes = 0;
  let headerSeen = format === 'ndjson';
  let stopped = false;

  function problem(p: FileProblem): void {
    if (problems.length < MAX_FILE_PROBLEMS) problems.push(p);
  }

  /** A fatal problem: reading stops (not UTF-8, over a limit), nothing after it is read. */
  function stop(p: FileProblem): void {
    problem(p);
    stopped = true;
  }

  function line(text: string, out: NumberedRow[]): void {
    lineNumber++;
    const content = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (!headerSeen) {
      headerSeen = true;
      const headerProblem = checkCsvHeader(content);
      if (headerProblem) stop(headerProblem);
      return;
    }
    const outcome = format === 'csv' ? readCsvLine(content, lineNumber) : readNdjsonLine(content, lineNumber);
    if (outcome.kind === 'blank') return;
    if (outcome.kind === 'problem') return problem(outcome.problem);
    rows++;
    if (rows > limits.maxRows) return stop({ line: lineNumber, msg: `more than ${limits.maxRows} rows`, type: 'batch_too_many_rows' });
    // Rows after a problem are not kept: the file will be refused as a whole.
    if (problems.length === 0) out.push({ ...outcome.row, row: rows });
  }

  function split(text: string, out: NumberedRow[]): void {
    let start = 0;
    for (let i = text.indexOf('\n'); i !== -1 && !stopped; i = text.indexOf('\n', start)) {
      line(partial + text.slice(start, i), out);
      partial = '';
      start = i + 1;
    }
    if (!stopped) partial += text.slice(start);
  }

  return {
    push(chunk: Uint8Array): NumberedRow[] {
      const out: NumberedRow[] = [];
      if (stopped) return out;
      bytes += chunk.length;
      if (bytes > limits.maxBytes) {
        stop({ line: lineNumber + 1, msg: `the file is larger than ${limits.maxBytes} bytes`, type: 'batch_too_large' });
        return out;
      }
      // Decoded line by line (a LF byte is never inside a multi-byte character), so that bytes
      // which are not UTF-8 are reported on their own line.
      for (let start = 0; start < chunk.length && !stopped;) {
        const lf = chunk.indexOf(0x0a, start);
        const end = lf === -1 ? chunk.length : lf + 1;
        let text: string;
        try {
          text = decoder.decode(chunk.subarray(start, end), { stream: true });
        } catch {
          stop({ line: lineNumber + 1, msg: 'not valid UTF-8', type: 'batch_not_utf8' });
          break;
        }
        split(text, out);
        start = end;
      }
      return out;
    },
    end(): NumberedRow[] {
      const out: NumberedRow[] = [];
      if (stopped) return out;
      try {
        split(decoder.decode(), out);
      } catch {
        stop({ line: lineNumber + 1, msg: 'not valid UTF-8', type: 'batch_not_utf8' });
        return out;
      }
      if (partial !== '') line(partial, out);
      partial = '';
      if (!headerSeen) problem({ line: 1, msg: 'the file is empty: no header', type: 'batch_header_invalid' });
      else if (rows === 0 && problems.length === 0) problem({ line: lineNumber + 1, msg: 'the file has no rows', type: 'batch_empty' });
      return out;
    },
    /** The first problems by line; any at all refuses the file. */
    problems: (): FileProblem[] => problems,
    /** True once reading stopped: the rest of the upload need not be parsed (it is still drained). */
    stopped: (): boolean => stopped,
    rows: (): number => rows,
  };
}
