import type { Executor } from '../../create-db';

/** Webhook endpoints of a company. Every read filters by company: another's endpoint is missing. */
export type EndpointStatus = 'active' | 'paused' | 'disabled';

export type EndpointRow = {
  id: number;
  uuid: string;
  company_id: number;
  name: string;
  url: string;
  subscribed_events: string[];
  status: EndpointStatus;
  disabled_reason: string | null;
  secret_version: number;
  consecutive_failures: number;
  first_failure_at: Date | null;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  /** Until then the previous secret signs beside the current one (past or null: it no longer signs). */
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

// Never `select *`: the ciphertext is read only by the delivery claim (webhook-delivery-repository.ts).
export const publicColumns = [
  'id',
  'uuid',
  'company_id',
  'name',
  'url',
  'subscribed_events',
  'status',
  'disabled_reason',
  'secret_version',
  'consecutive_failures',
  'first_failure_at',
  'last_success_at',
  'last_failure_at',
  'previous_secret_expires_at',
  'created_at',
  'updated_at',
];

/** The secret arrives sealed (usecases/webhooks/support/endpoint-secret.ts): this module never sees it in clear. */
export async function insertWebhookEndpoint(
  db: Executor,
  input: { uuid: string; companyId: number; name: string; url: string; subscribedEvents: string[]; secretCiphertext: string },
): Promise<EndpointRow> {
  const [endpoint] = await db('webhook_endpoints')
    .insert({
      uuid: input.uuid,
      company_id: input.companyId,
      name: input.name,
      url: input.url,
      subscribed_events: input.subscribedEvents,
      secret_ciphertext: input.secretCiphertext,
    })
    .returning(publicColumns);
  return endpoint;
}

/**
 * How many endpoints the company has, holding its row lock until the transaction ends: creations
 * for one company queue behind each other, so a burst of them cannot pass a limit together.
 * NO KEY UPDATE, not UPDATE: every row that references the company (its audit events first) takes
 * KEY SHARE on it, and a writer holding the audit chain's lock while it inserts its event must not
 * wait for us while we wait for that lock (a deadlock: docs/people-and-cases.md, "The audit trail").
 */
export async function countWebhookEndpointsLocked(trx: Executor, companyId: number): Promise<number> {
  await trx.raw('SELECT 1 FROM companies WHERE id = ? FOR NO KEY UPDATE', [companyId]);
  const [{ count }] = await trx('webhook_endpoints').where({ company_id: companyId }).count<{ count: string }[]>({ count: '*' });
  return Number(count);
}

/** Whether the company has an endpoint with this uuid (an explicit target of a create request). */
export async function webhookEndpointExists(db: Executor, companyId: number, uuid: string): Promise<boolean> {
  return Boolean(await db('webhook_endpoints').where({ uuid: uuid.toLowerCase(), company_id: companyId }).first('id'));
}

export async function findWebhookEndpoint(db: Executor, companyId: number, uuid: string): Promise<EndpointRow | undefined> {
  return db('webhook_endpoints').where({ company_id: companyId, uuid }).first(publicColumns);
}

/** The status of an endpoint known by its id (an event's endpoint: the company was checked on the event). */
export async function findWebhookEndpointStatus(db: Executor, endpointId: number): Promise<EndpointRow['status'] | undefined> {
  return (await db('webhook_endpoints').where({ id: endpointId }).first('status'))?.status;
}

export async function listWebhookEndpoints(
  db: Executor,
  companyId: number,
  page: { afterId: number | null; limit: number },
): Promise<EndpointRow[]> {
  const query = db('webhook_endpoints').where({ company_id: companyId }).orderBy('id', 'desc').limit(page.limit).select(publicColumns);
  if (page.afterId !== null) query.andWhere('id', '<', page.afterId);
  return query;
}
