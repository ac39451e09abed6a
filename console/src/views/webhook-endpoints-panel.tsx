import type { WebhookEndpoint } from '../api/types';
import { formatDateTime } from '../logic/format';
import type { ListPage } from '../logic/list-envelope';
import { AsyncView, FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction, type Loadable } from '../ui/use-api';
import { NewEndpointForm } from './new-endpoint-form';

type Props = { endpoints: Loadable<ListPage<WebhookEndpoint>> & { reload: () => void }; onEventSent: () => void };

export function WebhookEndpointsPanel({ endpoints, onEventSent }: Props) {
  const { api, t, language } = useConsole();
  const act = useAction(async (action: 'test' | 'pause' | 'activate', endpoint: WebhookEndpoint) => {
    if (action === 'test') await api.testWebhookEndpoint(endpoint.uuid);
    else await api.updateWebhookEndpoint(endpoint.uuid, { status: action === 'pause' ? 'paused' : 'active' });
    return action;
  });
  const run = async (action: 'test' | 'pause' | 'activate', endpoint: WebhookEndpoint) => {
    if (!(await act.run(action, endpoint))) return;
    if (action === 'test') onEventSent();
    else endpoints.reload();
  };
  return (
    <section aria-labelledby="endpoints-title" data-testid="webhook-endpoints">
      <h2 id="endpoints-title">{t('webhooks.endpoints')}</h2>
      <AsyncView state={endpoints}>
        {(page) =>
          page.items.length ? (
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.name')}</th>
                  <th scope="col">{t('webhooks.status')}</th>
                  <th scope="col">{t('webhooks.events')}</th>
                  <th scope="col">{t('webhooks.health')}</th>
                  <th scope="col">{t('webhooks.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((ep) => (
                  <tr key={ep.uuid} data-endpoint={ep.uuid}>
                    <td>
                      {ep.name}
                      <div className="muted">{ep.url}</div>
                    </td>
                    <td>
                      {ep.status}
                      {ep.disabled_reason ? <div className="muted">{ep.disabled_reason}</div> : null}
                    </td>
                    <td>{ep.subscribed_events.join(', ')}</td>
                    <td>
                      {t('webhooks.failures', { count: ep.consecutive_failures })}
                      <div className="muted">
                        ✓ {formatDateTime(ep.last_success_at, language)} · ✗ {formatDateTime(ep.last_failure_at, language)}
                      </div>
                    </td>
                    <td className="actions">
                      <button type="button" onClick={() => void run('test', ep)} disabled={act.pending}>
                        {t('webhooks.test')}
                      </button>
                      {ep.status === 'active' ? (
                        <button type="button" className="secondary" onClick={() => void run('pause', ep)} disabled={act.pending}>
                          {t('webhooks.pause')}
                        </button>
                      ) : (
                        <button type="button" className="secondary" onClick={() => void run('activate', ep)} disabled={act.pending}>
                          {t('webhooks.activate')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="empty">{t('webhooks.noEndpoints')}</p>
          )
        }
      </AsyncView>
      {act.failure ? <FailureNotice failure={act.failure} /> : null}
      {act.result === 'test' ? (
        <p role="status" className="muted">
          {t('webhooks.testSent')}
        </p>
      ) : null}
      <NewEndpointForm onCreated={endpoints.reload} />
    </section>
  );
}
