import { Client, Connection } from '@temporalio/client';
import { readFileSync } from 'node:fs';

/** The environment scripts/test.ts started the stack with (real api, worker, Temporal, Postgres). */
export function stackEnv(): Record<string, string> {
  const file = process.env.STACK_ENV_FILE;
  if (!file) throw new Error('integration tests run through `npm test`, which starts the real stack');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The shared stack's api. The own-processes tests run beside the shared-stack tests, which count
 * the shared api's requests and analyses exactly, so they may not call it (docs/testing.md, "How
 * long the suite takes"): their project's setup file marks them.
 */
export function apiUrl(): string {
  if ((globalThis as { sharedApiOffLimits?: boolean }).sharedApiOffLimits)
    throw new Error('an own-processes test calls the shared api: give it a baseUrl of its own api (docs/testing.md)');
  const url = process.env.API_URL;
  if (!url) throw new Error('API_URL is not set: run integration tests through `npm test`');
  return url;
}

/** A Temporal client on the stack's server (its namespace unless told otherwise); close its connection after. */
export async function testTemporalClient(namespace?: string): Promise<Client> {
  const env = stackEnv();
  return new Client({
    connection: await Connection.connect({ address: env.TEMPORAL_ADDRESS }),
    namespace: namespace ?? env.TEMPORAL_NAMESPACE,
  });
}
