import { useState, type FormEvent } from 'react';
import type { ReportSummary, ReportType } from '../api/types';
import { formatDateTime } from '../logic/format';
import { readListPage } from '../logic/list-envelope';
import { REPORT_TYPES } from '../logic/report-actions';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { RouteLink } from '../ui/route-link';
import { useAction, useLoad, handleAsync } from '../ui/use-api';
export { ReportView } from './report-view';

/** GET /reports and POST /reports: the regulators' reports built from one completed analysis. */
export function ReportsView() {
  const { api, t, language, navigate } = useConsole();
  const [analysis, setAnalysis] = useState('');
  const [type, setType] = useState<ReportType>(REPORT_TYPES[0]);
  const reports = useLoad(async () => readListPage<ReportSummary>(await api.listReports()), []);
  const create = useAction(() => api.createReport({ analysis_uuid: analysis.trim(), type }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const report = await create.run();
    if (report) navigate({ view: 'report', uuid: report.uuid });
  };
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">{t('reports.title')}</h1>
      <form className="card inline-form" onSubmit={handleAsync(submit)}>
        <label className="field">
          <span>{t('reports.analysis')}</span>
          <input
            value={analysis}
            onChange={(e) => setAnalysis(e.target.value)}
            required
            pattern="[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
            data-testid="report-analysis"
          />
        </label>
        <label className="field">
          <span>{t('reports.type')}</span>
          <select value={type} onChange={(e) => setType(e.target.value as ReportType)}>
            {REPORT_TYPES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={create.pending}>
          {t('reports.create')}
        </button>
        {create.failure ? <FailureNotice failure={create.failure} /> : null}
      </form>
      <AsyncView state={reports}>
        {(page) =>
          page.items.length ? (
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('reports.type')}</th>
                  <th scope="col">{t('reports.subject')}</th>
                  <th scope="col">{t('reports.status')}</th>
                  <th scope="col">{t('reports.created')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((r) => (
                  <tr key={r.uuid}>
                    <td>
                      <RouteLink to={{ view: 'report', uuid: r.uuid }}>{r.type}</RouteLink>
                    </td>
                    <td>{r.subject?.name ?? '—'}</td>
                    <td>{r.status}</td>
                    <td>{formatDateTime(r.created_at, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="empty">{t('reports.empty')}</p>
          )
        }
      </AsyncView>
    </section>
  );
}
