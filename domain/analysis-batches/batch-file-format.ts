import { tryParseDocument } from '../documents/parse-document';

/**
 * The two file formats of a portfolio batch (docs/batches.md): CSV with the header
 * `document,client_reference`, or NDJSON with one `{"document" | "entity_id", "client_reference"?}`
 * per line. Pure: the use case feeds lines as it streams the upload.
 */
export type BatchFileFormat = 'csv' | 'ndjson';

/** Upload limits (docs/batches.md, "Limits"). */
export const MAX_BATCH_ROWS = 1_000_000;
export const MAX_BATCH_BYTES = 100 * 1024 * 1024;
/** A 422 for a file names at most this many problems, the first ones by line. */
export const MAX_FILE_PROBLEMS = 20;
const MAX_CLIENT_REFERENCE = 256;

/** A problem that makes the whole file unreadable: 422 before anything is stored. */
export type FileProblem = { line: number; msg: string; type: string };

/** Why a row failed without being analysed (the `error.code` of its result line). */
export type RowErrorCode =
  'invalid_document' | 'invalid_row' | 'entity_not_found' | 'ambiguous_document' | 'quota_exceeded' | 'analysis_failed';

/** One data row as stored: pending with its subject, or failed with its reason. */
export type BatchRowInput = {
  document: string | null;
  entityId: number | null;
  clientReference: string | null;
  /** The subject as one key (a normalized document, or `entity:<id>`): duplicates in one file are analysed once. */
  subjectKey: string | null;
  error: { code: RowErrorCode; message: string } | null;
};

/** A line is a whole-file problem (the file is not this format) or a row (which may itself have failed). */
export type LineOutcome = { kind: 'row'; row: BatchRowInput } | { kind: 'problem'; problem: FileProblem } | { kind: 'blank' };

/** The media type of an upload → its format; anything else is not a batch file. */
export function batchFileFormatOf(contentType: string | undefined): BatchFileFormat | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'text/csv') return 'csv';
  if (type === 'application/x-ndjson' || type === 'application/ndjson') return 'ndjson';
  return null;
}

/**
 * Splits one CSV line into fields (RFC 4180 quoting within the line: `"a,b"`, `""` for a quote).
 * A record spanning lines is not supported: null when the quotes do not close on the line.
 */
export function splitCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let atFieldStart = true;
  while (i < line.length) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
      i++;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
      continue;
    }
    field += c;
    atFieldStart = false;
    i++;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** The CSV header must be `document,client_reference` (or just `document`), any case, a BOM tolerated. */
export function checkCsvHeader(line: string): FileProblem | null {
  const fields = splitCsvLine(line.replace(/^\uFEFF/, ''));
  const names = (fields ?? []).map((f) => f.trim().toLowerCase());
  const fits = names.length >= 1 && names.length <= 2 && names[0] === 'document' && (names.length === 1 || names[1] === 'client_reference');
  return fits ? null : { line: 1, msg: 'the header must be `document,client_reference`', type: 'batch_header_invalid' };
}

function failed(fields: Omit<BatchRowInput, 'subjectKey' | 'error'>, code: RowErrorCode, message: string): BatchRowInput {
  return { ...fields, subjectKey: null, error: { code, message } };
}

/** A row's subject checked without I/O: a valid document (any punctuation) or a positive entity id. */
export function checkRowSubject(document: string | null, entityId: number | null, clientReference: string | null): BatchRowInput {
  const fields = { document, entityId, clientReference };
  if (clientReference !== null && clientReference.length > MAX_CLIENT_REFERENCE)
    return failed(fields, 'invalid_row', `client_reference is longer than ${MAX_CLIENT_REFERENCE} characters`);
  if (document !== null && entityId !== null) return failed(fields, 'invalid_row', 'name either document or entity_id, not both');
  if (entityId !== null) return { ...fields, subjectKey: `entity:${entityId}`, error: null };
  if (document === null || document.trim() === '') return failed({ ...fields, document: null }, 'invalid_row', 'the row names no document');
  const parsed = tryParseDocument(document);
  if (!parsed) return failed(fields, 'invalid_document', 'not a valid CPF or CNPJ (check digits, length or repeated digits)');
  return { ...fields, subjectKey: parsed.value, error: null };
}

function emptyToNull(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** One CSV data line (`lineNumber` counts the header as 1). */
export function readCsvLine(line: string, lineNumber: number): LineOutcome {
  if (line.trim() === '') return { kind: 'blank' };
  const fields = splitCsvLine(line);
  if (!fields)
    return {
      kind: 'problem',
      problem: { line: lineNumber, msg: 'a quoted field does not close on its line', type: 'batch_line_unreadable' },
    };
  if (fields.length > 2)
    return {
      kind: 'problem',
      problem: { line: lineNumber, msg: `${fields.length} fields where the header has at most 2`, type: 'batch_line_unreadable' },
    };
  return { kind: 'row', row: checkRowSubject(emptyToNull(fields[0]), null, emptyToNull(fields[1])) };
}

/** One NDJSON line: a JSON object, else the file is not NDJSON; a wrong field makes a failed row. */
export function readNdjsonLine(line: string, lineNumber: number): LineOutcome {
  if (line.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'problem', problem: { line: lineNumber, msg: 'not a JSON value', type: 'batch_line_unreadable' } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { kind: 'problem', problem: { line: lineNumber, msg: 'not a JSON object', type: 'batch_line_unreadable' } };
  const record = value as Record<string, unknown>;
  const unknownField = Object.keys(record).find((k) => !['document', 'entity_id', 'client_reference'].includes(k));
  const document = typeof record.document === 'string' ? record.document : null;
  const clientReference = typeof record.client_reference === 'string' ? emptyToNull(record.client_reference) : null;
  const entityId = Number.isSafeInteger(record.entity_id) && (record.entity_id as number) > 0 ? (record.entity_id as number) : null;
  const fields = { document, entityId, clientReference };
  if (unknownField) return { kind: 'row', row: failed(fields, 'invalid_row', `unknown field ${unknownField}`) };
  if (record.document !== undefined && record.document !== null && document === null)
    return { kind: 'row', row: failed(fields, 'invalid_row', 'document must be a string') };
  if (record.entity_id !== undefined && record.entity_id !== null && entityId === null)
    return { kind: 'row', row: failed(fields, 'invalid_row', 'entity_id must be a positive integer') };
  if (record.client_reference !== undefined && record.client_reference !== null && typeof record.client_reference !== 'string')
    return { kind: 'row', row: failed(fields, 'invalid_row', 'client_reference must be a string') };
  return { kind: 'row', row: checkRowSubject(document, entityId, clientReference) };
}
