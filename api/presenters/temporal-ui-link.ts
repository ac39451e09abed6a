import type { Config } from '../../config/config';

/**
 * A link to a run in the Temporal UI, for customers: only under TEMPORAL_UI_PUBLIC_URL, the address
 * customers may reach. TEMPORAL_UI_URL is internal and never leaves the service.
 */
export function temporalUiLink(
  config: Pick<Config, 'TEMPORAL_UI_PUBLIC_URL' | 'TEMPORAL_NAMESPACE'>,
  workflowId: string,
  runId: string,
): string | null {
  if (!config.TEMPORAL_UI_PUBLIC_URL) return null;
  const base = config.TEMPORAL_UI_PUBLIC_URL.replace(/\/$/, '');
  return `${base}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}/${encodeURIComponent(runId)}`;
}
