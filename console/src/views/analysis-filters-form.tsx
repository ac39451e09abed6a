import type { FormEvent } from 'react';
import {
  ANALYSIS_STATUSES,
  MODES,
  RISK_LEVELS,
  emptyAnalysisFilters,
  type AnalysisFilters,
  type FilterProblem,
} from '../logic/analysis-filters';
import { useConsole } from '../ui/console-context';

type Props = {
  filters: AnalysisFilters;
  problems: FilterProblem[];
  onChange: (f: AnalysisFilters) => void;
  onSubmit: (e: FormEvent) => void;
};

/** The filters of GET /analyses; a malformed value is flagged before any request is sent. */
export function AnalysisFiltersForm({ filters, problems, onChange, onSubmit }: Props) {
  const { t } = useConsole();
  const set = <K extends keyof AnalysisFilters>(key: K, value: AnalysisFilters[K]) => onChange({ ...filters, [key]: value });
  const problemOf = (field: keyof AnalysisFilters) => problems.find((p) => p.field === field);
  const text = (field: 'entity_id' | 'document' | 'client_reference' | 'source' | 'created_from' | 'created_to', type = 'text') => {
    const problem = problemOf(field);
    return (
      <label className="field">
        <span>{t(`filters.${field}`)}</span>
        <input
          type={type}
          value={filters[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={problem ? true : undefined}
          data-filter={field}
        />
        {problem ? (
          <span className="field-error" role="alert">
            {t(`filters.problem.${problem.problem}`)}
          </span>
        ) : null}
      </label>
    );
  };
  const choice = <K extends 'status' | 'risk_level' | 'mode'>(field: K, values: readonly string[], label: (v: string) => string) => (
    <label className="field">
      <span>{t(`filters.${field}`)}</span>
      <select value={filters[field]} onChange={(e) => set(field, e.target.value as AnalysisFilters[K])} data-filter={field}>
        <option value="">{t('filters.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {label(v)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form className="filters" onSubmit={onSubmit} aria-label={t('filters.label')}>
      {choice('status', ANALYSIS_STATUSES, (v) => t(`status.${v}` as 'status.completed'))}
      {choice('risk_level', RISK_LEVELS, (v) => t(`risk.${v}` as 'risk.low'))}
      {choice('mode', MODES, (v) => v)}
      {text('entity_id')}
      {text('document')}
      {text('client_reference')}
      {text('source')}
      {text('created_from', 'date')}
      {text('created_to', 'date')}
      <label className="field">
        <span>{t('filters.limit')}</span>
        <input
          type="number"
          min={1}
          max={200}
          value={filters.limit}
          onChange={(e) => set('limit', Number(e.target.value))}
          aria-invalid={problemOf('limit') ? true : undefined}
        />
        {problemOf('limit') ? (
          <span className="field-error" role="alert">
            {t('filters.problem.out_of_range')}
          </span>
        ) : null}
      </label>
      <div className="filter-actions">
        <button type="submit" disabled={problems.length > 0}>
          {t('filters.apply')}
        </button>
        <button type="button" className="secondary" onClick={() => onChange(emptyAnalysisFilters)}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}
