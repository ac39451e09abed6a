import { Client, Connection } from '@temporalio/client';
import { workflowClientInterceptors } from './tracing';

/**
 * One Temporal client per process. The connection is lazy so that a process can start (and
 * answer 502 / readiness 503) while Temporal is still out of reach.
 */
function createTemporalClient(options: { address: string; namespace: string }): Client {
  const connection = Connection.lazy({ address: options.address, connectTimeout: '3s' });
  return new Client({ connection, namespace: options.namespace, interceptors: { workflow: workflowClientInterceptors() } });
}

/** The process's one client, whose underlying connection can be swapped at run time. */
export type SwitchableTemporalClient = {
  /** What the process hands to routes and activities; always delegates to the current client. */
  client: Client;
  /** Route every later call through `next` (e.g. a client on a NativeConnection shared with a worker). */
  use: (next: Client) => void;
  /** Back to the lazy client the process started with (the native connection was lost). */
  useFallback: () => void;
  /** The client the process started with, for closing at shutdown. */
  fallback: Client;
};

/**
 * The api must start before Temporal is reachable, which only a lazy gRPC connection allows, yet
 * eager workflow start needs a NativeConnection shared with a worker of the same process, which
 * can only be opened once Temporal answers. So the api starts on the lazy client and switches to
 * the native one when its embedded worker is running. Callers keep a single `Client` object:
 * every property read is forwarded to whichever client is current at that moment.
 */
export function createSwitchableTemporalClient(options: { address: string; namespace: string }): SwitchableTemporalClient {
  const fallback = createTemporalClient(options);
  let current = fallback;
  const client = new Proxy(fallback, {
    get(_target, property) {
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  return {
    client,
    fallback,
    use: (next) => {
      current = next;
    },
    useFallback: () => {
      current = fallback;
    },
  };
}
