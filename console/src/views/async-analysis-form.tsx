import { useState, type FormEvent } from 'react';
import { rememberAnalysis } from '../api/session';
import type { AsyncAnalysisRequest, WebhookEndpoint } from '../api/types';
import { readListPage } from '../logic/list-envelope';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, useLoad, handleAsync } from '../ui/use-api';
import { AsyncProgress } from './async-progress';
import { isEntityId } from './sync-analysis-form';

/** POST /api/analyses by entity id (client reference, webhook endpoint), then its progress until it ends. */
export function AsyncAnalysisForm() {
  const { api, t, refreshAccount } = useConsole();
  const [entity, setEntity] = useState('');
  const [reference, setReference] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const [queued, setQueued] = useState<string | null>(null);
  const endpoints = useLoad(async () => readListPage<WebhookEndpoint>(await api.listWebhookEndpoints(100)).items, []);
  const queue = useAction(async () => {
    const body: AsyncAnalysisRequest = { entity_id: Number(entity.trim()) };
    if (reference.trim()) body.client_reference = reference.trim();
    if (endpoint) body.webhook_endpoint_uuid = endpoint;
    return api.createAnalysisAsync(body);
  });
  const run = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await queue.run();
    refreshAccount();
    if (!answer) return;
    rememberAnalysis({ uuid: answer.analysis_uuid, label: `#${entity.trim()}`, mode: 'async', at: new Date().toISOString() });
    setQueued(answer.analysis_uuid);
  };
  return (
    <form className="card" onSubmit={handleAsync(run)} aria-labelledby="run-async-title">
      <h2 id="run-async-title">{t('run.async')}</h2>
      <p className="muted">{t('run.asyncHelp')}</p>
      <label className="field">
        <span>{t('run.entityId')}</span>
        <input data-testid="async-entity" inputMode="numeric" value={entity} onChange={(e) => setEntity(e.target.value)} required />
      </label>
      <label className="field">
        <span>{t('run.reference')}</span>
        <input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={256} />
      </label>
      <label className="field">
        <span>{t('run.endpoint')}</span>
        <select value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
          <option value="">{t('run.noEndpoint')}</option>
          {(endpoints.data ?? []).map((ep) => (
            <option key={ep.uuid} value={ep.uuid}>
              {ep.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={queue.pending || !isEntityId(entity)} data-testid="run-async">
        {queue.pending ? t('run.queueing') : t('run.submitAsync')}
      </button>
      {queue.failure ? <FailureNotice failure={queue.failure} /> : null}
      {queued ? <AsyncProgress key={queued} uuid={queued} /> : null}
    </form>
  );
}
