/**
 * The filters of `GET /analyses` as the list view holds them, and their query
 * string. Empty fields are left out (the api answers 422 to unknown or malformed parameters,
 * so the console never sends a blank one), dates become ISO instants.
 */
export type AnalysisFilters = {
  status: '' | 'queued' | 'running' | 'completed' | 'failed' | 'canceled';
  risk_level: '' | 'low' | 'medium' | 'high' | 'critical';
  mode: '' | 'sync' | 'async';
  entity_id: string;
  document: string;
  client_reference: string;
  source: string;
  created_from: string;
  created_to: string;
  limit: number;
};

export const emptyAnalysisFilters: AnalysisFilters = {
  status: '',
  risk_level: '',
  mode: '',
  entity_id: '',
  document: '',
  client_reference: '',
  source: '',
  created_from: '',
  created_to: '',
  limit: 50,
};

export const ANALYSIS_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceled'] as const;
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const MODES = ['sync', 'async'] as const;

export type FilterProblem = {
  field: keyof AnalysisFilters;
  problem: 'not_positive_integer' | 'out_of_range' | 'bad_date' | 'range_reversed';
};

/** A date input (YYYY-MM-DD) or a datetime-local value as an ISO instant; `end` takes the last millisecond of a bare day. */
export function toIsoInstant(value: string, end = false): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const bareDay = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const candidate = bareDay ? `${trimmed}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : trimmed;
  const date = new Date(candidate);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function validateAnalysisFilters(filters: AnalysisFilters): FilterProblem[] {
  const problems: FilterProblem[] = [];
  if (filters.entity_id.trim() && !/^[1-9]\d{0,15}$/.test(filters.entity_id.trim()))
    problems.push({ field: 'entity_id', problem: 'not_positive_integer' });
  if (!Number.isInteger(filters.limit) || filters.limit < 1 || filters.limit > 200)
    problems.push({ field: 'limit', problem: 'out_of_range' });
  const from = filters.created_from.trim() ? toIsoInstant(filters.created_from) : null;
  const to = filters.created_to.trim() ? toIsoInstant(filters.created_to, true) : null;
  if (from === undefined) problems.push({ field: 'created_from', problem: 'bad_date' });
  if (to === undefined) problems.push({ field: 'created_to', problem: 'bad_date' });
  if (from && to && from > to) problems.push({ field: 'created_to', problem: 'range_reversed' });
  return problems;
}

export function analysisFiltersToQuery(filters: AnalysisFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  const text = (key: keyof AnalysisFilters, value: string) => value.trim() && params.set(key, value.trim());
  text('status', filters.status);
  text('risk_level', filters.risk_level);
  text('mode', filters.mode);
  text('entity_id', filters.entity_id);
  text('document', filters.document);
  text('client_reference', filters.client_reference);
  text('source', filters.source);
  const from = toIsoInstant(filters.created_from);
  const to = toIsoInstant(filters.created_to, true);
  if (from) params.set('created_from', from);
  if (to) params.set('created_to', to);
  if (filters.limit !== emptyAnalysisFilters.limit) params.set('limit', String(filters.limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The filters a shared link carries (`?status=…`), unknown or malformed values dropped. */
export function analysisFiltersFromQuery(search: string): AnalysisFilters {
  const params = new URLSearchParams(search);
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | '' =>
    (allowed as readonly string[]).includes(params.get(key) ?? '') ? (params.get(key) as T) : '';
  const limit = Number(params.get('limit') ?? emptyAnalysisFilters.limit);
  return {
    status: pick('status', ANALYSIS_STATUSES),
    risk_level: pick('risk_level', RISK_LEVELS),
    mode: pick('mode', MODES),
    entity_id: params.get('entity_id') ?? '',
    document: params.get('document') ?? '',
    client_reference: params.get('client_reference') ?? '',
    source: params.get('source') ?? '',
    created_from: (params.get('created_from') ?? '').slice(0, 10),
    created_to: (params.get('created_to') ?? '').slice(0, 10),
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 200 ? limit : emptyAnalysisFilters.limit,
  };
}
