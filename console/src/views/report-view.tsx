import { formatDateTime } from '../logic/format';
import { canFinalize, canRegenerate, documentFormats, sectionText } from '../logic/report-actions';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, useLoad } from '../ui/use-api';

/** One report: its sections (regenerate a narrative), finalize, and its document to download. */
export function ReportView({ uuid }: { uuid: string }) {
  const { api, t, language } = useConsole();
  const report = useLoad(() => api.getReport(uuid), [uuid]);
  const act = useAction(async (action: 'finalize' | 'regenerate' | 'download', arg?: string) => {
    if (action === 'finalize') await api.finalizeReport(uuid);
    if (action === 'regenerate') await api.regenerateReportSection(uuid, arg!);
    if (action === 'download') await api.downloadReportDocument(uuid, arg!, `report-${uuid}.${arg}`);
    return action;
  });
  const run = async (action: 'finalize' | 'regenerate' | 'download', arg?: string) => {
    if ((await act.run(action, arg)) && action !== 'download') report.reload();
  };
  return (
    <AsyncView state={report}>
      {(r) => (
        <article aria-labelledby="report-title">
          <h1 id="report-title">
            {r.type} · {r.subject?.name ?? r.analysis_uuid}
          </h1>
          <p className="muted">
            {r.status} · {t('reports.created')} {formatDateTime(r.created_at, language)}
            {r.window ? ` · ${t('reports.window', { at: formatDateTime(r.window.expires_at, language) })}` : ''}
            {r.content_sha256 ? (
              <>
                {' '}
                · <code className="hash">{r.content_sha256}</code>
              </>
            ) : null}
          </p>
          <div className="actions">
            {canFinalize(r) ? (
              <button type="button" onClick={() => void run('finalize')} disabled={act.pending}>
                {t('reports.finalize')}
              </button>
            ) : null}
            {documentFormats(r).map((f) => (
              <button key={f} type="button" className="secondary" onClick={() => void run('download', f)} disabled={act.pending}>
                {t('reports.download', { format: f.toUpperCase() })}
              </button>
            ))}
          </div>
          {act.failure ? <FailureNotice failure={act.failure} /> : null}
          {(r.sections ?? []).map((s) => (
            <section key={s.key} className="card report-section" aria-labelledby={`section-${s.key}`}>
              <h2 id={`section-${s.key}`}>
                {s.title}{' '}
                <span className="muted">
                  · {s.kind} · r{s.revision}
                </span>
              </h2>
              <pre className="section-content">{sectionText(s.content)}</pre>
              {canRegenerate(r, s, new Date()) ? (
                <button type="button" onClick={() => void run('regenerate', s.key)} disabled={act.pending}>
                  {t('reports.regenerate')}
                </button>
              ) : null}
            </section>
          ))}
        </article>
      )}
    </AsyncView>
  );
}
