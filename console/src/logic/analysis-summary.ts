import type { AnalysisSummary, RiskLevel } from '../api/types';

/**
 * A list item of GET /analyses names its subject and risk either flat (`display_name`,
 * `score`, `risk_level`) or nested like the read form (`subject`, `risk`): the list's contract names
 * the fields, not their nesting, so the console reads both.
 */
export function summaryName(item: AnalysisSummary): string {
  return item.subject?.display_name ?? item.display_name ?? `#${item.entity_id}`;
}

export function summaryDocument(item: AnalysisSummary): string | null {
  return item.subject?.document ?? item.document ?? null;
}

export function summaryRisk(item: AnalysisSummary): { score: number; risk_level: RiskLevel } | null {
  if (item.risk) return item.risk;
  if (typeof item.score === 'number' && item.risk_level) return { score: item.score, risk_level: item.risk_level };
  return null;
}
