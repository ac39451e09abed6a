import { useState, type FormEvent } from 'react';
import { rememberAnalysis } from '../api/session';
import type { WebhookEndpoint } from '../api/types';
import { readListPage } from '../logic/list-envelope';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, useLoad } from '../ui/use-api';
import { AsyncProgress } from './async-progress';

type SyncAnswer = { uuid: string; risk: { score: number; risk_level: string } | null; subject: { display_name: string } | null };

/** POST /analyses (sync, by document or entity id) and POST /api/analyses (async, by entity id, with its progress). */
export function RunAnalysisView() {
  const { api, t, navigate, refreshAccount } = useConsole();
  const [by, setBy] = useState<'document' | 'entity_id'>('document');
  const [subject, setSubject] = useState('');
  const [source, setSource] = useState('');
  const [asyncEntity, setAsyncEntity] = useState('');
  const [reference, setReference] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const [queued, setQueued] = useState<string | null>(null);
  const endpoints = useLoad(async () => readListPage<WebhookEndpoint>(await api.get('/webhooks/endpoints?limit=100')).items, []);
  const sync = useAction(async () => {
    const body = by === 'document' ? { document: subject.trim() } : { entity_id: Number(subject.trim()) };
    return api.send<SyncAnswer>('POST', '/analyses', source.trim() ? { ...body, source: source.trim() } : body);
  });
  const queue = useAction(async () => {
    const body: Record<string, unknown> = { entity_id: Number(asyncEntity.trim()) };
    if (reference.trim()) body.client_reference = reference.trim();
    if (endpoint) body.webhook_endpoint_uuid = endpoint;
    return api.send<{ analysis_uuid: string }>('POST', '/api/analyses', body);
  });
  const entityIdValid = (value: string) => /^[1-9]\d{0,15}$/.test(value.trim());
  const runSync = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await sync.run();
    refreshAccount();
    if (!answer) return;
    rememberAnalysis({ uuid: answer.uuid, label: answer.subject?.display_name ?? subject.trim(), mode: 'sync', at: new Date().toISOString() });
    navigate({ view: 'verdict', uuid: answer.uuid });
  };
  const runAsync = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await queue.run();
    refreshAccount();
    if (!answer) return;
    rememberAnalysis({ uuid: answer.analysis_uuid, label: `#${asyncEntity.trim()}`, mode: 'async', at: new Date().toISOString() });
    setQueued(answer.analysis_uuid);
  };
  return (
    <section aria-labelledby="run-title">
      <h1 id="run-title">{t('run.title')}</h1>
      <div className="two-columns">
        <form className="card" onSubmit={runSync} aria-labelledby="run-sync-title">
          <h2 id="run-sync-title">{t('run.sync')}</h2>
          <p className="muted">{t('run.syncHelp')}</p>
          <fieldset className="inline">
            <legend>{t('run.by')}</legend>
            <label><input type="radio" name="by" checked={by === 'document'} onChange={() => setBy('document')} /> {t('run.byDocument')}</label>
            <label><input type="radio" name="by" checked={by === 'entity_id'} onChange={() => setBy('entity_id')} /> {t('run.byEntity')}</label>
          </fieldset>
          <label className="field">
            <span>{by === 'document' ? t('run.document') : t('run.entityId')}</span>
            <input data-testid="sync-subject" value={subject} onChange={(e) => setSubject(e.target.value)} placeholder={by === 'document' ? 'H0.000.007/0001-10' : '2405'} required />
          </label>
          <label className="field">
            <span>{t('run.source')}</span>
            <input value={source} onChange={(e) => setSource(e.target.value)} maxLength={128} />
          </label>
          <button type="submit" disabled={sync.pending || !subject.trim() || (by === 'entity_id' && !entityIdValid(subject))} data-testid="run-sync">
            {sync.pending ? t('run.running') : t('run.submitSync')}
          </button>
          {sync.failure ? <FailureNotice failure={sync.failure} /> : null}
        </form>
        <form className="card" onSubmit={runAsync} aria-labelledby="run-async-title">
          <h2 id="run-async-title">{t('run.async')}</h2>
          <p className="muted">{t('run.asyncHelp')}</p>
          <label className="field">
            <span>{t('run.entityId')}</span>
            <input data-testid="async-entity" inputMode="numeric" value={asyncEntity} onChange={(e) => setAsyncEntity(e.target.value)} required />
          </label>
          <label className="field">
            <span>{t('run.reference')}</span>
            <input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={256} />
          </label>
          <label className="field">
            <span>{t('run.endpoint')}</span>
            <select value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
              <option value="">{t('run.noEndpoint')}</option>
              {(endpoints.data ?? []).map((ep) => <option key={ep.uuid} value={ep.uuid}>{ep.name}</option>)}
            </select>
          </label>
          <button type="submit" disabled={queue.pending || !entityIdValid(asyncEntity)} data-testid="run-async">
            {queue.pending ? t('run.queueing') : t('run.submitAsync')}
          </button>
          {queue.failure ? <FailureNotice failure={queue.failure} /> : null}
          {queued ? <AsyncProgress key={queued} uuid={queued} /> : null}
        </form>
      </div>
    </section>
  );
}
