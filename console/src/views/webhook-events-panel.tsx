import { useState } from 'react';
import type { WebhookEndpoint, WebhookEvent } from '../api/types';
import { formatDateTime } from '../logic/format';
import { readListPage } from '../logic/list-envelope';
import { EVENT_STATUSES, eventActions, eventsQuery, type EventAction } from '../logic/webhook-actions';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, useLoad } from '../ui/use-api';

export function WebhookEventsPanel({ endpoints, version }: { endpoints: WebhookEndpoint[]; version: number }) {
  const { api, t, language } = useConsole();
  const [filters, setFilters] = useState({ status: '', endpoint_uuid: '', type: '' });
  const [open, setOpen] = useState<string | null>(null);
  const events = useLoad(async () => readListPage<WebhookEvent>(await api.listWebhookEvents(eventsQuery(filters))), [filters, version]);
  const act = useAction(async (action: EventAction, uuid: string) => {
    await (action === 'retry' ? api.retryWebhookEvent(uuid) : api.resendWebhookEvent(uuid));
    return action;
  });
  const run = async (action: EventAction, uuid: string) => {
    if (await act.run(action, uuid)) events.reload();
  };
  return (
    <section aria-labelledby="events-title" data-testid="webhook-events">
      <h2 id="events-title">{t('webhooks.eventsTitle')}</h2>
      <div className="filters">
        <label className="field">
          <span>{t('webhooks.status')}</span>
          <select value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
            <option value="">{t('filters.any')}</option>
            {EVENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('webhooks.endpoint')}</span>
          <select value={filters.endpoint_uuid} onChange={(e) => setFilters({ ...filters, endpoint_uuid: e.target.value })}>
            <option value="">{t('filters.any')}</option>
            {endpoints.map((ep) => (
              <option key={ep.uuid} value={ep.uuid}>
                {ep.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={events.reload}>
          {t('action.refresh')}
        </button>
      </div>
      {act.failure ? <FailureNotice failure={act.failure} /> : null}
      {act.result ? (
        <p role="status" className="muted">
          {t(`webhooks.${act.result}Done`)}
        </p>
      ) : null}
      <AsyncView state={events}>
        {(page) =>
          page.items.length ? (
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.type')}</th>
                  <th scope="col">{t('webhooks.status')}</th>
                  <th scope="col">{t('webhooks.attempts')}</th>
                  <th scope="col">{t('webhooks.created')}</th>
                  <th scope="col">{t('webhooks.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((ev) => (
                  <tr key={ev.uuid} data-event={ev.uuid}>
                    <td>
                      <code>{ev.type}</code>
                      <div className="muted">{ev.uuid}</div>
                    </td>
                    <td>
                      {ev.status}
                      {ev.next_attempt_at ? (
                        <div className="muted">{t('webhooks.next', { at: formatDateTime(ev.next_attempt_at, language) })}</div>
                      ) : null}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={open === ev.uuid}
                        onClick={() => setOpen(open === ev.uuid ? null : ev.uuid)}
                      >
                        {ev.attempt_count}
                      </button>
                      {open === ev.uuid ? <Attempts uuid={ev.uuid} /> : null}
                    </td>
                    <td>{formatDateTime(ev.created_at, language)}</td>
                    <td className="actions">
                      {eventActions(ev.status).map((action) => (
                        <button key={action} type="button" onClick={() => void run(action, ev.uuid)} disabled={act.pending}>
                          {t(`webhooks.${action}`)}
                        </button>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="empty">{t('webhooks.noEvents')}</p>
          )
        }
      </AsyncView>
    </section>
  );
}

function Attempts({ uuid }: { uuid: string }) {
  const { api, language } = useConsole();
  const detail = useLoad(() => api.getWebhookEvent(uuid), [uuid]);
  return (
    <AsyncView state={detail}>
      {(d) => (
        <ol className="attempts">
          {d.attempts.map((a) => (
            <li key={a.attempt_number}>
              {formatDateTime(a.started_at, language)} · {a.status_code ?? '—'} · {a.duration_ms ?? '—'} ms{a.error ? ` · ${a.error}` : ''}
            </li>
          ))}
        </ol>
      )}
    </AsyncView>
  );
}
