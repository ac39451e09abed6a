import { useState, type FormEvent } from 'react';
import type { AnalysisSummary } from '../api/types';
import { analysisFiltersFromQuery, analysisFiltersToQuery, validateAnalysisFilters, type AnalysisFilters } from '../logic/analysis-filters';
import { summaryDocument, summaryName, summaryRisk } from '../logic/analysis-summary';
import { formatDateTime } from '../logic/format';
import { type ListPage, readListPage } from '../logic/list-envelope';
import { FailureNotice, Loading } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RiskBadge } from '../ui/risk-badge';
import { RouteLink } from '../ui/route-link';
import { toFailure, useLoad, handleAsync } from '../ui/use-api';
import type { ApiFailure } from '../logic/api-errors';
import { AnalysisFiltersForm } from './analysis-filters-form';
import { RecentAnalyses } from './recent-analyses';

/** GET /analyses with its filters , newest first, one page at a time. */
export function AnalysesListView() {
  const { api, t, language, navigate } = useConsole();
  const [filters, setFilters] = useState<AnalysisFilters>(() => analysisFiltersFromQuery(location.search));
  const [applied, setApplied] = useState(filters);
  const [more, setMore] = useState<{ after: ListPage<AnalysisSummary>; pages: AnalysisSummary[][]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailure, setMoreFailure] = useState<ApiFailure | null>(null);
  const problems = validateAnalysisFilters(filters);
  const first = useLoad(async () => readListPage<AnalysisSummary>(await api.listAnalyses(analysisFiltersToQuery(applied))), [applied]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length) return;
    setApplied(filters);
    navigate({ view: 'analyses' }, analysisFiltersToQuery(filters));
  };
  // The first page of the filters applied, and the pages loaded after it: none of another filter's rows.
  const firstPage = first.status === 'error' ? undefined : first.data;
  const later = more && firstPage && more.after === firstPage ? more : null;
  const cursor = later ? later.cursor : (firstPage?.nextCursor ?? null);
  const loadMore = async () => {
    if (!firstPage) return;
    setLoadingMore(true);
    setMoreFailure(null);
    try {
      const page = readListPage<AnalysisSummary>(await api.listAnalyses(analysisFiltersToQuery(applied, cursor)));
      setMore({ after: firstPage, pages: [...(later?.pages ?? []), page.items], cursor: page.nextCursor });
    } catch (error) {
      setMoreFailure(toFailure(error));
    } finally {
      setLoadingMore(false);
    }
  };
  const rows = firstPage ? [firstPage.items, ...(later?.pages ?? [])].flat() : [];
  return (
    <section aria-labelledby="analyses-title">
      <div className="section-head">
        <h1 id="analyses-title">{t('analyses.title')}</h1>
        <RouteLink to={{ view: 'run' }} className="button">
          {t('nav.run')}
        </RouteLink>
      </div>
      <AnalysisFiltersForm filters={filters} problems={problems} onChange={setFilters} onSubmit={apply} />
      {first.status === 'loading' && !firstPage ? <Loading /> : null}
      {first.status === 'error' ? <FailureNotice failure={first.failure} onRetry={first.reload} /> : null}
      {first.status === 'error' && first.failure.kind === 'not_available' ? <RecentAnalyses /> : null}
      {first.status === 'ready' && !rows.length ? <p className="empty">{t('analyses.empty')}</p> : null}
      {rows.length ? (
        <table className="data-table" data-testid="analyses-table">
          <thead>
            <tr>
              <th scope="col">{t('analyses.subject')}</th>
              <th scope="col">{t('analyses.status')}</th>
              <th scope="col">{t('analyses.risk')}</th>
              <th scope="col">{t('analyses.mode')}</th>
              <th scope="col">{t('analyses.reference')}</th>
              <th scope="col">{t('analyses.created')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.uuid}>
                <td>
                  <RouteLink to={{ view: 'verdict', uuid: a.uuid }}>{summaryName(a)}</RouteLink>
                  <div className="muted">{summaryDocument(a) ?? `#${a.entity_id}`}</div>
                </td>
                <td>{t(`status.${a.status}` as 'status.completed')}</td>
                <td>{summaryRisk(a) ? <RiskBadge level={summaryRisk(a)!.risk_level} score={summaryRisk(a)!.score} /> : '—'}</td>
                <td>{a.mode}</td>
                <td>{a.client_reference ?? '—'}</td>
                <td>{formatDateTime(a.created_at, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {moreFailure ? <FailureNotice failure={moreFailure} /> : null}
      {cursor ? (
        <button type="button" onClick={handleAsync(loadMore)} disabled={loadingMore}>
          {loadingMore ? t('state.loading') : t('action.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
