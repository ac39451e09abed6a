import type { AnalysisSummary, RiskLevel } from '../api/types';

/** A list item of GET /analyses names its subject and risk flat (AnalysisPage in the API reference). */
export function summaryName(item: AnalysisSummary): string {
  return item.subject.display_name ?? `#${item.entity_id}`;
}

export function summaryDocument(item: AnalysisSummary): string | null {
  return item.subject.document;
}

export function summaryRisk(item: AnalysisSummary): { score: number; risk_level: RiskLevel } | null {
  return typeof item.score === 'number' && item.risk_level ? { score: item.score, risk_level: item.risk_level } : null;
}
