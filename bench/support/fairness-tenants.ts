import type { Knex } from 'knex';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../../db/repositories/tenancy/tenancy-repository';
import { planFeatures, scopes } from '../../domain/tenancy';
import type { WebhookReceiver } from '../../support/webhook-receiver';

export type BenchTenant = { companyId: number; apiKey: string };

/** A company with every feature, no quota or rate in the way, and `endpoints` webhook endpoints allowed. */
export async function benchTenant(db: Knex, name: string, endpoints: number): Promise<BenchTenant> {
  const code = `fairness-${name}-${process.pid}`;
  await upsertPlan(db, {
    code,
    features: [...planFeatures],
    quotas: { analyses: 10_000_000, adverse_media: 10_000_000 },
    limits: { requests_per_second: 1_000_000, webhook_endpoints: endpoints, test_events_per_endpoint_per_minute: 1_000_000 },
  });
  const company = await createCompany(db, { name: `Fairness bench ${name}`, planCode: code });
  const { apiKey } = await issueApiKey({ db: db }, SYSTEM_ACTOR, { companyUuid: company.uuid, scopes: [...scopes] });
  return { companyId: company.id, apiKey };
}

export async function http(
  apiUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** An endpoint through the public API, on `hookPath` of the receiver, which verifies its signatures. */
export async function benchEndpoint(
  apiUrl: string,
  tenant: BenchTenant,
  receiver: WebhookReceiver,
  hookPath: string,
  subscribed: string[],
): Promise<string> {
  const created = await http(apiUrl, tenant.apiKey, 'POST', '/webhooks/endpoints', {
    name: hookPath,
    url: receiver.url(hookPath),
    subscribed_events: subscribed,
  });
  if (created.status !== 201) throw new Error(`endpoint ${hookPath}: ${created.status} ${JSON.stringify(created.body)}`);
  receiver.setSecret(hookPath, created.body.secret);
  return created.body.uuid;
}

/** Milliseconds from sending a test event to the receiver's first sight of it. */
export async function timeTestEvent(
  apiUrl: string,
  tenant: BenchTenant,
  receiver: WebhookReceiver,
  endpointUuid: string,
  hookPath: string,
  timeoutMs: number,
): Promise<number> {
  const before = receiver.deliveries(hookPath).length;
  const sentAt = Date.now();
  const sent = await http(apiUrl, tenant.apiKey, 'POST', `/webhooks/endpoints/${endpointUuid}/test`);
  if (sent.status !== 202) throw new Error(`test event: ${sent.status} ${JSON.stringify(sent.body)}`);
  await receiver.waitFor(() => receiver.deliveries(hookPath).length > before, timeoutMs, 'the test event');
  return receiver.deliveries(hookPath)[before].receivedAt - sentAt;
}

/** `sample()` every `everyMs` (at most `most` times) while `going()` holds. */
export async function sampleWhile<T>(going: () => boolean, sample: () => Promise<T>, everyMs = 2_000, most = 20): Promise<T[]> {
  const samples: T[] = [];
  while (going() && samples.length < most) {
    samples.push(await sample());
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return samples;
}
