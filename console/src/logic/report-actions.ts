import type { Report, ReportSection } from '../api/types';

/**
 * What a regulatory report lets the analyst do in its state: narratives regenerate and the
 * report finalizes only while it is a draft and inside its 24-hour window; the document
 * downloads in every state (a draft carries a DRAFT mark), as XML only for coaf_cos.
 */
export const REPORT_TYPES = ['coaf_cos', 'bcb_dossie'] as const;

export function canRegenerate(report: Pick<Report, 'status' | 'window'>, section: Pick<ReportSection, 'kind'>, now: Date): boolean {
  return report.status === 'draft' && section.kind === 'narrative' && withinWindow(report, now);
}

export function canFinalize(report: Pick<Report, 'status'>): boolean {
  return report.status === 'draft';
}

export function withinWindow(report: Pick<Report, 'window'>, now: Date): boolean {
  return !report.window?.expires_at || new Date(report.window.expires_at).getTime() > now.getTime();
}

export function documentFormats(report: Pick<Report, 'type'>): ('pdf' | 'xml' | 'json')[] {
  return report.type === 'coaf_cos' ? ['pdf', 'xml', 'json'] : ['pdf', 'json'];
}

/** Section content is text for narratives and structured data for deterministic sections. */
export function sectionText(content: unknown): string {
  if (typeof content === 'string') return content;
  return JSON.stringify(content, null, 2);
}
