import { useState } from 'react';
import type { WebhookEndpoint } from '../api/types';
import { readListPage } from '../logic/list-envelope';
import { useConsole } from '../ui/console-context';
import { useLoad } from '../ui/use-api';
import { WebhookEndpointsPanel } from './webhook-endpoints-panel';
import { WebhookEventsPanel } from './webhook-events-panel';

/** Webhook endpoints (create, test, pause) and their events (retry, resend, attempts). */
export function WebhooksView() {
  const { api, t } = useConsole();
  const [eventsVersion, setEventsVersion] = useState(0);
  const endpoints = useLoad(async () => readListPage<WebhookEndpoint>(await api.listWebhookEndpoints(200)), []);
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{t('webhooks.title')}</h1>
      <WebhookEndpointsPanel endpoints={endpoints} onEventSent={() => setEventsVersion((v) => v + 1)} />
      <WebhookEventsPanel endpoints={endpoints.data?.items ?? []} version={eventsVersion} />
    </section>
  );
}
