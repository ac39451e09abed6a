import type { AuthContext } from '../domain/tenancy';
import { FeatureNotInPlanError, ValidationError } from '../domain/errors';
import { decodeCursor } from '../domain/webhooks/page-cursor';
import { checkWebhookUrl } from '../domain/webhooks/target-url';

/** Webhooks are a plan feature: creating, re-activating and sending need it; reads do not. */
export function requireWebhooksFeature(auth: AuthContext): void {
  if (!auth.plan.features.has('webhooks')) throw new FeatureNotInPlanError('webhooks');
}

export function validUrl(url: string, allowPrivate: boolean): string {
  const problem = checkWebhookUrl(url, allowPrivate);
  if (problem) throw ValidationError.single(['body', 'url'], problem, 'url_invalid');
  return url;
}

export function parseCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = decodeCursor(cursor);
  if (id === null) throw ValidationError.single(['query', 'cursor'], 'malformed cursor', 'cursor_invalid');
  return id;
}
