import { useEffect, useRef, useState } from 'react';
import type { AnalysisBatch } from '../api/types';
import { batchFileType, batchOffer, batchProgress, riskShares } from '../logic/batch-progress';
import { formatDateTime } from '../logic/format';
import { readListPage } from '../logic/list-envelope';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, useLoad } from '../ui/use-api';

/** How often the page asks again while a batch is open (queued, running, paused). */
const REFRESH_MS = 2000;

/** The risk distribution of the completed rows as a horizontal bar chart. */
function RiskChart({ batch }: { batch: AnalysisBatch }) {
  const { t } = useConsole();
  return (
    <div className="batch-risk" role="img" aria-label={t('batches.risk')} data-testid="batch-risk">
      {riskShares(batch).map((s) => (
        <div key={s.level} className="batch-risk-row">
          <span className="batch-risk-label">{t(`risk.${s.level}`)}</span>
          <span className={`batch-risk-bar risk-${s.level}`} style={{ width: `${s.percent}%` }} />
          <span className="batch-risk-count" data-testid={`batch-risk-${s.level}`}>
            {s.count}
          </span>
        </div>
      ))}
    </div>
  );
}

/** One batch: progress bar with counts and ETA, the risk chart, the downloads and the controls. */
function BatchCard({ batch, onChanged }: { batch: AnalysisBatch; onChanged: (b: AnalysisBatch) => void }) {
  const { api, t, language, session } = useConsole();
  const offer = batchOffer(batch, session?.scopes.includes('analyses:write') ?? false);
  const progress = batchProgress(batch, Date.now());
  const act = useAction(async (run: () => Promise<AnalysisBatch>) => onChanged(await run()));
  const download = useAction((format: 'csv' | 'ndjson') => api.downloadAnalysisBatchResults(batch.uuid, format));
  const c = batch.counts;
  return (
    <article className="batch-card" data-testid="batch-card" data-batch={batch.uuid} data-status={batch.status}>
      <h2>{batch.name ?? batch.uuid}</h2>
      <p>
        <span data-testid="batch-status">{t(`batches.status.${batch.status}`)}</span>
        {batch.status === 'paused' && batch.pause_reason ? (
          <>
            {' '}
            — <span data-testid="batch-pause-reason">{t(`batches.pauseReason.${batch.pause_reason}`)}</span>
          </>
        ) : null}
        {' · '}
        {t('batches.created')} {formatDateTime(batch.created_at, language)}
      </p>
      <progress max={progress.total} value={progress.done} aria-label={t('batches.progress')} data-testid="batch-progress" />
      <p data-testid="batch-counts">
        {t('batches.counts', {
          done: progress.done,
          total: progress.total,
          completed: c.completed,
          failed: c.failed,
          canceled: c.canceled,
        })}
        {progress.etaSeconds !== null ? (
          <>
            {' '}
            · <span data-testid="batch-eta">{t('batches.eta', { seconds: progress.etaSeconds })}</span>
          </>
        ) : null}
      </p>
      <RiskChart batch={batch} />
      <p className="actions">
        <button
          type="button"
          className="secondary"
          disabled={download.pending}
          onClick={() => void download.run('csv')}
          data-testid="batch-download-csv"
        >
          {t('batches.downloadCsv')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={download.pending}
          onClick={() => void download.run('ndjson')}
          data-testid="batch-download-ndjson"
        >
          {t('batches.downloadNdjson')}
        </button>
        {offer.pause ? (
          <button
            type="button"
            className="secondary"
            disabled={act.pending}
            onClick={() => void act.run(() => api.pauseAnalysisBatch(batch.uuid))}
            data-testid="batch-pause"
          >
            {t('batches.pause')}
          </button>
        ) : null}
        {offer.resume ? (
          <button
            type="button"
            className="secondary"
            disabled={act.pending}
            onClick={() => void act.run(() => api.resumeAnalysisBatch(batch.uuid))}
            data-testid="batch-resume"
          >
            {t('batches.resume')}
          </button>
        ) : null}
        {offer.cancel ? (
          <button
            type="button"
            className="secondary"
            disabled={act.pending}
            onClick={() => void act.run(() => api.cancelAnalysisBatch(batch.uuid))}
            data-testid="batch-cancel"
          >
            {t('batches.cancel')}
          </button>
        ) : null}
      </p>
      {act.failure ? <FailureNotice failure={act.failure} /> : null}
      {download.failure ? <FailureNotice failure={download.failure} /> : null}
    </article>
  );
}

/** The upload: a file and a name; the new batch appears at the top of the list. */
function UploadForm({ onCreated }: { onCreated: (b: AnalysisBatch) => void }) {
  const { api, t } = useConsole();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [wrongFile, setWrongFile] = useState(false);
  const upload = useAction(async (chosen: File, type: string) => onCreated(await api.createAnalysisBatch(chosen, type, name)));
  return (
    <form
      className="inline-form"
      data-testid="batch-upload"
      onSubmit={(e) => {
        e.preventDefault();
        const type = file ? batchFileType(file.name) : null;
        setWrongFile(!type);
        if (file && type) void upload.run(file, type);
      }}
    >
      <label className="field">
        <span>{t('batches.file')}</span>
        <input type="file" accept=".csv,.ndjson,.jsonl" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="batch-file" />
      </label>
      <label className="field">
        <span>{t('batches.name')}</span>
        <input type="text" maxLength={128} value={name} onChange={(e) => setName(e.target.value)} data-testid="batch-name" />
      </label>
      <button type="submit" disabled={upload.pending || !file} data-testid="batch-submit">
        {t('batches.start')}
      </button>
      {wrongFile ? <p role="alert">{t('batches.wrongFile')}</p> : null}
      {upload.failure ? <FailureNotice failure={upload.failure} /> : null}
    </form>
  );
}

/** GET /analysis-batches: upload a book, follow its batches live (docs/batches.md, docs/console.md). */
export function BatchesView() {
  const { api, t } = useConsole();
  const [changed, setChanged] = useState<Record<string, AnalysisBatch>>({});
  const batches = useLoad(async () => readListPage<AnalysisBatch>(await api.listAnalysisBatches('?limit=50')), []);
  const reload = useRef(batches.reload);
  reload.current = batches.reload;
  const open = (batches.data?.items ?? []).some((b) => ['queued', 'running', 'paused'].includes((changed[b.uuid] ?? b).status));
  // While a batch is open the list is read again every few seconds: counts, ETA and chart move live.
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      setChanged({});
      reload.current();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [open]);
  return (
    <section aria-labelledby="batches-title">
      <h1 id="batches-title">{t('batches.title')}</h1>
      <h2>{t('batches.upload')}</h2>
      <UploadForm
        onCreated={() => {
          setChanged({});
          batches.reload();
        }}
      />
      <AsyncView state={batches}>
        {(page) =>
          page.items.length ? (
            <div data-testid="batches-list">
              {page.items.map((listed) => {
                const b = changed[listed.uuid] ?? listed;
                return <BatchCard key={b.uuid} batch={b} onChanged={(next) => setChanged((all) => ({ ...all, [next.uuid]: next }))} />;
              })}
            </div>
          ) : (
            <p className="hint">{t('batches.empty')}</p>
          )
        }
      </AsyncView>
    </section>
  );
}
