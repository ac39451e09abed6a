import { encodeLatin1 } from './latin1';
import { sha256Hex } from '../../fingerprint';
import type { ValidationIssue } from '../../errors';

const declaration = '<?xml version="1.0" encoding="ISO-8859-1"?>';

/** A batch's OCORRENCIAS ID: the same reports (in any order) give the same id. */
export function siscoafBatchId(reportUuids: readonly string[]): string {
  return `lote-${sha256Hex([...reportUuids].sort().join(',')).slice(0, 16)}`;
}

/**
 * One LOTE from the frozen XML of finalized coaf_cos reports (docs/reports.md, "Batches"): each
 * report's OCORRENCIA is taken as it was frozen at finalize, byte for byte, in the order given.
 * A report frozen before the ISO-8859-1 layout (report template v1) cannot join (its fields are
 * not the layout's); two occurrences with one NumOcorrencia would be refused by Siscoaf.
 */
export function combineSiscoafBatch(
  reports: readonly { uuid: string; xml: string }[],
  batchId: string,
): { bytes: Buffer } | { issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const occurrences: string[] = [];
  const numbers = new Map<string, number>();
  reports.forEach((r, i) => {
    const match = r.xml.startsWith(declaration) ? /<OCORRENCIA>[\s\S]*<\/OCORRENCIA>/.exec(r.xml) : null;
    if (!match)
      return issues.push({
        loc: ['report_uuids', i],
        msg: `report ${r.uuid} was finalized before the ISO-8859-1 Siscoaf layout: file it on its own`,
        type: 'siscoaf_old_layout',
      });
    const number = /<NumOcorrencia>([^<]*)<\/NumOcorrencia>/.exec(match[0])?.[1] ?? '';
    const first = numbers.get(number);
    if (first !== undefined)
      issues.push({
        loc: ['report_uuids', i],
        msg: `NumOcorrencia ${number} is that of report_uuids[${first}] too: a batch numbers each occurrence once`,
        type: 'siscoaf_duplicate_occurrence',
      });
    else numbers.set(number, i);
    occurrences.push(match[0]);
  });
  if (issues.length > 0) return { issues };
  const xml = `${declaration}\n<LOTE>\n  <OCORRENCIAS ID="${batchId}">\n    ${occurrences.join('\n    ')}\n  </OCORRENCIAS>\n</LOTE>`;
  return { bytes: encodeLatin1(xml) };
}
