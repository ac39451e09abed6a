import { useState, type FormEvent } from 'react';
import type { WebhookEventType } from '../api/types';
import { readListPage } from '../logic/list-envelope';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, useLoad, handleAsync } from '../ui/use-api';

/** POST /webhooks/endpoints: name, URL, the event kinds of the catalog; the signing secret is shown once. */
export function NewEndpointForm({ onCreated }: { onCreated: () => void }) {
  const { api, t } = useConsole();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const types = useLoad(async () => readListPage<{ type: string }>(await api.listWebhookEventTypes()).items, []);
  // The kinds offered are those GET /webhooks/event-types lists, the ones the create accepts.
  const create = useAction(() =>
    api.createWebhookEndpoint({ name: name.trim(), url: url.trim(), subscribed_events: events as WebhookEventType[] }),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await create.run()) onCreated();
  };
  return (
    <form className="card inline-form" onSubmit={handleAsync(submit)} aria-labelledby="new-endpoint-title">
      <h3 id="new-endpoint-title">{t('webhooks.new')}</h3>
      <label className="field">
        <span>{t('webhooks.name')}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={128} />
      </label>
      <label className="field">
        <span>URL</span>
        <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://…" />
      </label>
      <fieldset className="inline">
        <legend>{t('webhooks.events')}</legend>
        {(types.data ?? [])
          .map((x) => x.type)
          .map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={() => setEvents((e) => (e.includes(type) ? e.filter((x) => x !== type) : [...e, type]))}
              />{' '}
              {type}
            </label>
          ))}
      </fieldset>
      <button type="submit" disabled={create.pending || !name.trim() || !url.trim()}>
        {t('webhooks.create')}
      </button>
      {create.failure ? <FailureNotice failure={create.failure} /> : null}
      {create.result ? (
        <div className="notice notice-success" role="status">
          {t('webhooks.secretOnce')} <code data-testid="endpoint-secret">{create.result.secret}</code>
        </div>
      ) : null}
    </form>
  );
}
