import dns, { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { describeTransportError } from '../domain/webhooks/delivery-outcome';
import { classifyAddress, isIpLiteral } from '../domain/webhooks/target-address';

/**
 * The one place a webhook leaves the service: a signed POST with a hard deadline, a bounded
 * response read, no redirects followed, and the SSRF guard applied to the very addresses the
 * socket connects to (a DNS answer that changes after any earlier check cannot slip through).
 */
export type WebhookPost = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivateTargets: boolean;
};

export type WebhookPostResult = {
  statusCode: number | null;
  error: string | null;
  /** The first bytes of the response body, for the attempt log. */
  responseBody: string | null;
  retryAfter: string | null;
  durationMs: number;
};

/** What the attempt log keeps of a response body (the read itself stops at maxResponseBytes). */
const storedResponseBytes = 4096;

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 256 }),
};

class ForbiddenTargetError extends Error {
  readonly code = 'ERR_WEBHOOK_TARGET_FORBIDDEN';
  constructor(range: string) {
    super(`target address not allowed (${range})`);
  }
}

/** dns.lookup, refusing the whole answer when any address in it is not public. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as LookupAddress[];
    for (const entry of list) {
      const verdict = classifyAddress(entry.address);
      if (!verdict.allowed) return callback(new ForbiddenTargetError(verdict.range) as NodeJS.ErrnoException, '', 0);
    }
    if (list.length === 0) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

export function postWebhook(input: WebhookPost): Promise<WebhookPostResult> {
  const started = performance.now();
  const done = (partial: Omit<WebhookPostResult, 'durationMs'>): WebhookPostResult => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      return resolve(done({ statusCode: null, error: 'invalid URL', responseBody: null, retryAfter: null }));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return resolve(done({ statusCode: null, error: 'unsupported scheme', responseBody: null, retryAfter: null }));
    if (!input.allowPrivateTargets && isIpLiteral(url.hostname)) {
      // Node connects to literal addresses without calling `lookup`: check them here.
      const verdict = classifyAddress(url.hostname);
      if (!verdict.allowed)
        return resolve(
          done({ statusCode: null, error: new ForbiddenTargetError(verdict.range).message, responseBody: null, retryAfter: null }),
        );
    }
    const body = Buffer.from(input.body, 'utf8');
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      agent: agents[url.protocol],
      headers: {
        ...input.headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'entity-risk-webhooks/1',
      },
      ...(input.allowPrivateTargets ? {} : { lookup: guardedLookup }),
    });
    let settled = false;
    const finish = (result: Omit<WebhookPostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(done(result));
    };
    const deadline = setTimeout(() => {
      finish({ statusCode: null, error: 'timed out', responseBody: null, retryAfter: null });
      request.destroy();
    }, input.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ statusCode: null, error: describeTransportError(error), responseBody: null, retryAfter: null }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const statusCode = response.statusCode ?? null;
      const retryAfter = typeof response.headers['retry-after'] === 'string' ? response.headers['retry-after'] : null;
      const error = statusCode !== null && statusCode >= 300 && statusCode < 400 ? 'redirect not followed' : null;
      const complete = () => {
        const text = Buffer.concat(chunks).subarray(0, Math.min(input.maxResponseBytes, storedResponseBytes)).toString('utf8');
        finish({ statusCode, error, responseBody: text.length > 0 ? text : null, retryAfter });
      };
      response.on('data', (chunk: Buffer) => {
        if (size < Math.min(input.maxResponseBytes, storedResponseBytes)) chunks.push(chunk);
        size += chunk.length;
        if (size > input.maxResponseBytes) {
          // Enough read: the status is known and a huge body must not hold the worker.
          complete();
          response.destroy();
        }
      });
      response.on('end', complete);
      response.on('error', () => complete());
      response.on('aborted', () => complete());
    });
    request.end(body);
  });
}
