import { Client, Connection } from '@temporalio/client';

/**
 * One Temporal client per process. The connection is lazy so that a process can start (and
 * answer 502 / readiness 503) while Temporal is still out of reach.
 */
export function createTemporalClient(options: { address: string; namespace: string }): Client {
  const connection = Connection.lazy({ address: options.address, connectTimeout: '3s' });
  return new Client({ connection, namespace: options.namespace });
}
