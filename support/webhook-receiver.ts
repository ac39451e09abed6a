import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A local webhook receiver for tests and the benchmark: verifies every delivery with the
 * `standardwebhooks` library exactly as a customer would, and answers as each path is told to.
 * It lives in `support/` (dev and test tools, not shipped) so that bench/ and test/ share it
 * without either importing the other.
 */
export type Delivery = {
  path: string;
  id: string;
  timestamp: number;
  signature: string;
  body: string;
  payload: any;
  verified: boolean;
  verifyError: string | null;
  status: number;
  receivedAt: number;
  /** When the response was sent (responses may be held back on purpose). */
  answeredAt?: number;
};

export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };
export type Responder = (delivery: Delivery, index: number) => Answer;

export type WebhookReceiver = {
  url: (path: string) => string;
  /** The secret to verify deliveries to `path` with (change it after a rotation). */
  setSecret: (path: string, secret: string) => void;
  respond: (path: string, responder: Responder) => void;
  deliveries: (path?: string) => Delivery[];
  /** Webhook ids answered 2xx, with how many times each was acknowledged. */
  acknowledged: (path?: string) => Map<string, number>;
  waitFor: (predicate: () => boolean, timeoutMs: number, what: string) => Promise<void>;
  close: () => Promise<void>;
  port: number;
};

export async function startWebhookReceiver(options: { port?: number } = {}): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const responders = new Map<string, Responder>();
  const log: Delivery[] = [];
  const counters = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      let verifyError: string | null = 'no secret registered for this path';
      const secret = secrets.get(path);
      if (secret) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
          verifyError = null;
        } catch (error) {
          verifyError = (error as Error).message;
        }
      }
      let payload: any;
      try {
        payload = JSON.parse(body);
      } catch {
        payload = undefined;
      }
      const delivery: Delivery = {
        path,
        id: headers['webhook-id'],
        timestamp: Number(headers['webhook-timestamp']),
        signature: headers['webhook-signature'],
        body,
        payload,
        verified,
        verifyError,
        status: 0,
        receivedAt: Date.now(),
      };
      const index = counters.get(path) ?? 0;
      counters.set(path, index + 1);
      const responder: Responder = responders.get(path) ?? (() => ({ status: verified ? 204 : 401 }));
      const answer = responder(delivery, index);
      delivery.status = answer.status;
      log.push(delivery);
      const send = () => {
        delivery.answeredAt = Date.now();
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) timers.add(setTimeout(send, answer.delayMs));
      else send();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const filtered = (path?: string) => (path === undefined ? log : log.filter((d) => d.path === path));
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    setSecret: (path, secret) => secrets.set(path, secret),
    respond: (path, responder) => responders.set(path, responder),
    deliveries: filtered,
    acknowledged: (path) => {
      const acks = new Map<string, number>();
      for (const d of filtered(path)) if (d.status >= 200 && d.status < 300) acks.set(d.id, (acks.get(d.id) ?? 0) + 1);
      return acks;
    },
    waitFor: async (predicate, timeoutMs, what) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
