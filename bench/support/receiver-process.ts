import { fork, type ChildProcess } from 'node:child_process';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';

/** What the webhooks bench reads of a delivery: no body, so that a phase's log crosses the pipe cheaply. */
export type ReceivedDelivery = { id: string; status: number; receivedAt: number; eventTimestamp: string | undefined; verified: boolean };

type Request =
  | { kind: 'secret'; path: string; secret: string }
  | { kind: 'failure-rate'; path: string; rate: number }
  | { kind: 'watch'; path: string; ids: string[] }
  | { kind: 'acknowledged-watched' }
  | { kind: 'deliveries'; path: string };

/**
 * The webhook receiver of `npm run bench -- webhooks` in a process of its own: it verifies every
 * signature as a customer's endpoint would, and that CPU is the customer's, not the service's, so
 * the bench reads it apart (the process is labelled `receiver` by ./cpu.ts) and leaves it out of
 * a delivery's core-ms (docs/webhooks.md, "Against its skeleton").
 */
export type ReceiverProcess = {
  url: (path: string) => string;
  setSecret: (path: string, secret: string) => Promise<void>;
  /** Answer 500 to that share of verified deliveries, at random; 401 to unverified ones. */
  failAtRate: (path: string, rate: number) => Promise<void>;
  /** From now on, count the acknowledgements of these webhook ids. */
  watch: (path: string, ids: string[]) => Promise<void>;
  /** How many of the watched ids have been acknowledged (answered 2xx) at least once. */
  acknowledgedWatched: () => Promise<number>;
  deliveries: (path: string) => Promise<ReceivedDelivery[]>;
  stop: () => Promise<void>;
};

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child: ChildProcess = fork(__filename, ['--receiver-process'], {
    execArgv: ['--require', 'tsx/cjs'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let next = 0;
  const pending = new Map<number, (value: unknown) => void>();
  child.on('message', (message: { id: number; value: unknown }) => {
    pending.get(message.id)?.(message.value);
    pending.delete(message.id);
  });
  const ask = <T>(request: Request | { kind: 'port' }): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, resolve as (value: unknown) => void);
      child.send({ id, request }, (error) => error && reject(error));
    });
  const port = await Promise.race([
    ask<number>({ kind: 'port' }),
    exited.then(() => Promise.reject(new Error('the receiver process exited'))),
  ]);
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    setSecret: (path, secret) => ask({ kind: 'secret', path, secret }),
    failAtRate: (path, rate) => ask({ kind: 'failure-rate', path, rate }),
    watch: (path, ids) => ask({ kind: 'watch', path, ids }),
    acknowledgedWatched: () => ask<number>({ kind: 'acknowledged-watched' }),
    deliveries: (path) => ask<ReceivedDelivery[]>({ kind: 'deliveries', path }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function serve(): void {
  // Listening before the receiver is up: a request that arrives meanwhile waits for it instead of being dropped.
  const started = startWebhookReceiver();
  let watched = { path: '', ids: [] as string[] };
  const answer = (receiver: WebhookReceiver, request: Request | { kind: 'port' }): unknown => {
    switch (request.kind) {
      case 'port':
        return receiver.port;
      case 'secret':
        return void receiver.setSecret(request.path, request.secret);
      case 'failure-rate':
        return void receiver.respond(request.path, (d) => ({ status: !d.verified ? 401 : Math.random() < request.rate ? 500 : 204 }));
      case 'watch':
        watched = { path: request.path, ids: request.ids };
        return undefined;
      case 'acknowledged-watched': {
        const acknowledged = receiver.acknowledged(watched.path);
        return watched.ids.filter((id) => acknowledged.has(id)).length;
      }
      case 'deliveries':
        return receiver.deliveries(request.path).map((d) => ({
          id: d.id,
          status: d.status,
          receivedAt: d.receivedAt,
          eventTimestamp: d.payload?.timestamp,
          verified: d.verified,
        }));
    }
  };
  process.on(
    'message',
    (message: { id: number; request: Request | { kind: 'port' } }) =>
      void started.then((receiver) => process.send!({ id: message.id, value: answer(receiver, message.request) ?? null })),
  );
  const close = () => void started.then((receiver) => receiver.close()).then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('disconnect', close);
}

if (require.main === module && process.argv.includes('--receiver-process')) serve();
