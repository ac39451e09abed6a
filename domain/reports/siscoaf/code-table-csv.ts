import { ValidationError, type ValidationIssue } from '../../errors';
import type { CodeTableName, InstitutionCode } from './resolve-siscoaf-codes';

const HEADER = 'table,code,description';
const tableNames: readonly CodeTableName[] = ['TpEnv', 'CodEnq'];

/** One CSV line into its fields: commas separate, double quotes enclose ("" is a quote). */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      current += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/**
 * The institution's code tables as exported from Siscoaf, in the CSV the ops command takes
 * (docs/reports.md, "Code tables"): header `table,code,description`, `table` TpEnv or CodEnq,
 * `code` digits, a description; a code once per table. Every problem at once (loc line N), or
 * the rows. A description with a comma is quoted, or is every field after the code.
 */
export function parseCodeTableCsv(csv: string): InstitutionCode[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const issues: ValidationIssue[] = [];
  if (lines[0]?.trim() !== HEADER) issues.push({ loc: ['file', 'line', 1], msg: `the header must be ${HEADER}`, type: 'csv_header' });
  const rows: InstitutionCode[] = [];
  const seen = new Set<string>();
  lines.slice(1).forEach((line, i) => {
    if (line.trim() === '') return;
    const at = ['file', 'line', i + 2];
    const [rawTable = '', rawCode = '', ...rest] = fields(line);
    const [table, code, description] = [rawTable.trim(), rawCode.trim(), rest.join(',').trim()];
    if (!tableNames.includes(table as CodeTableName))
      return issues.push({ loc: at, msg: `table must be TpEnv or CodEnq, not "${table}"`, type: 'csv_value' });
    if (!/^\d{1,6}$/.test(code ?? '')) return issues.push({ loc: at, msg: `code must be 1 to 6 digits, not "${code}"`, type: 'csv_value' });
    if (description === '' || description.length > 500)
      return issues.push({ loc: at, msg: 'description must have 1 to 500 characters', type: 'csv_value' });
    if (seen.has(`${table}:${code}`)) return issues.push({ loc: at, msg: `${table} ${code} appears twice`, type: 'csv_duplicate' });
    seen.add(`${table}:${code}`);
    rows.push({ table: table as CodeTableName, code, description });
  });
  if (issues.length === 0 && rows.length === 0) issues.push({ loc: ['file'], msg: 'no code in the file', type: 'csv_empty' });
  if (issues.length > 0) throw new ValidationError(issues);
  return rows;
}
