import { z } from 'zod';
import { booleanFlag, durationList, duration } from './setting-parsers';

/** Webhook endpoints and their delivery: limits, retries, timeouts and the sealing of signing secrets. */
export const webhookSettings = {
  /** Webhook endpoints one company may have (a plan may override: webhook_endpoints). */
  WEBHOOK_MAX_ENDPOINTS_PER_COMPANY: z.coerce.number().int().min(0).default(50),
  /** webhook.test events per endpoint per minute (a plan may override: test_events_per_endpoint_per_minute). */
  WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** base64 of 32 bytes; encrypts webhook signing secrets at rest. */
  WEBHOOK_ENCRYPTION_KEY: z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of exactly 32 bytes'),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  WEBHOOK_RETRY_SCHEDULE: durationList.default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  WEBHOOK_MAX_RESPONSE_BYTES: z.coerce.number().int().min(0).default(65_536),
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 86_400_000),
  /** Delivery attempts one worker process holds at once (a slow receiver holds a slot for its whole answer). */
  WEBHOOK_WORKER_SLOTS: z.coerce.number().int().min(2).max(2000).default(200),
  /** How long the previous secret keeps signing after rotate-secret (docs/webhooks.md). */
  WEBHOOK_SECRET_OVERLAP: duration.default(86_400_000),
};
