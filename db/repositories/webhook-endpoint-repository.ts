import type { Executor } from '../create-db';

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
const publicColumns = ['id', 'uuid', 'company_id', 'name', 'url', 'subscribed_events', 'status', 'disabled_reason', 'secret_version', 'consecutive_failures', 'first_failure_at', 'last_success_at', 'last_failure_at', 'previous_secret_expires_at', 'created_at', 'updated_at'];

/** The secret arrives sealed (usecases/webhooks/endpoint-secret.ts): this module never sees it in clear. */
export async function insertWebhookEndpoint(
  db: Executor,
  input: { uuid: string; companyId: number; name: string; url: string; subscribedEvents: string[]; secretCiphertext: string },
): Promise<EndpointRow> {
  const [endpoint] = await db('webhook_endpoints')
    .insert({ uuid: input.uuid, company_id: input.companyId, name: input.name, url: input.url, subscribed_events: input.subscribedEvents, secret_ciphertext: input.secretCiphertext })
    .returning(publicColumns);
  return endpoint;
}

/**
 * How many endpoints the company has, holding its row lock until the transaction ends: creations
 * for one company queue behind each other, so a burst of them cannot pass a limit together.
 */
export async function countWebhookEndpointsLocked(trx: Executor, companyId: number): Promise<number> {
  await trx.raw('SELECT 1 FROM companies WHERE id = ? FOR UPDATE', [companyId]);
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

export async function listWebhookEndpoints(db: Executor, companyId: number, page: { afterId: number | null; limit: number }): Promise<EndpointRow[]> {
  const query = db('webhook_endpoints').where({ company_id: companyId }).orderBy('id', 'desc').limit(page.limit).select(publicColumns);
  if (page.afterId !== null) query.andWhere('id', '<', page.afterId);
  return query;
}

export type EndpointPatch = { name?: string; url?: string; subscribedEvents?: string[]; status?: 'active' | 'paused' };

/**
 * Re-activating an endpoint (from paused or disabled) clears its failure streak, so the
 * prolonged-failure rule does not disable it again on the next failed attempt.
 */
export async function updateWebhookEndpoint(db: Executor, companyId: number, uuid: string, patch: EndpointPatch): Promise<EndpointRow | undefined> {
  const changes: Record<string, unknown> = { updated_at: db.fn.now() };
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.subscribedEvents !== undefined) changes.subscribed_events = patch.subscribedEvents;
  if (patch.status === 'paused') changes.status = 'paused';
  if (patch.status === 'active') {
    changes.status = 'active';
    changes.disabled_reason = null;
    changes.consecutive_failures = db.raw(`CASE WHEN status = 'active' THEN consecutive_failures ELSE 0 END`);
    changes.first_failure_at = db.raw(`CASE WHEN status = 'active' THEN first_failure_at ELSE NULL END`);
  }
  const [row] = await db('webhook_endpoints').where({ company_id: companyId, uuid }).update(changes).returning(publicColumns);
  return row;
}

/**
 * A new secret, and the current one becomes the previous secret for `overlapMs` (both sign
 * meanwhile, docs/webhooks.md); whatever was the previous secret is dropped, so a second
 * rotation inside the window leaves only the two newest.
 */
export async function rotateWebhookEndpointSecret(db: Executor, companyId: number, uuid: string, secretCiphertext: string, overlapMs: number): Promise<EndpointRow | undefined> {
  const [endpoint] = await db('webhook_endpoints')
    .where({ company_id: companyId, uuid })
    .update({
      previous_secret_ciphertext: db.raw('secret_ciphertext'),
      previous_secret_expires_at: db.raw(`now() + make_interval(secs => ?)`, [overlapMs / 1000]),
      secret_ciphertext: secretCiphertext,
      secret_version: db.raw('secret_version + 1'),
      updated_at: db.fn.now(),
    })
    .returning(publicColumns);
  return endpoint;
}

export type DeliveryFigures = { attempts: number; succeeded: number; p50DurationMs: number | null };

/** An endpoint's attempts of the last 24 hours: how many, how many 2xx, the median duration. */
export async function findDeliveryFigures(db: Executor, endpointId: number): Promise<DeliveryFigures> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS attempts,
            count(*) FILTER (WHERE status_code BETWEEN 200 AND 299)::int AS succeeded,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms))::int AS p50
       FROM webhook_attempts WHERE endpoint_id = ? AND started_at > now() - interval '24 hours'`,
    [endpointId],
  );
  return { attempts: rows[0].attempts, succeeded: rows[0].succeeded, p50DurationMs: rows[0].p50 };
}
