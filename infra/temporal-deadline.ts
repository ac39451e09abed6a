import type { Client } from '@temporalio/client';
import { DependencyUnavailableError } from '../domain/errors';

/** gRPC UNAVAILABLE (14) / DEADLINE_EXCEEDED (4), however the SDK wraps them. */
function isTemporalUnavailable(error: any): boolean {
  const code = error?.code ?? error?.cause?.code;
  return error?.name === 'ServiceError' || error?.name === 'TransportError' || code === 14 || code === 4;
}

/**
 * The deadline of every Temporal call made while a client waits — start, describe, query,
 * cancel, list, history — so that during a Temporal outage every route answers 502 within 3 s
 * (test/integration/dependency-outage.test.ts): 2 s leaves room for the request's own work.
 * Only waiting for a workflow's result, which is waiting for the work rather than for Temporal,
 * takes a longer, explicit deadline (a sync analysis, a report, a graph expansion).
 */
const TEMPORAL_CALL_DEADLINE_MS = 2_000;

/**
 * A Temporal call bounded in time: past `ms` the call is aborted and the caller gets
 * DependencyUnavailableError (502) instead of hanging on a server that is out of reach.
 */
export async function withinDeadline<T>(temporal: Client, call: () => Promise<T>, ms: number = TEMPORAL_CALL_DEADLINE_MS): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DependencyUnavailableError('temporal'));
    }, ms);
  });
  try {
    return await Promise.race([temporal.withAbortSignal(controller.signal, () => temporal.withDeadline(Date.now() + ms, call)), expired]);
  } catch (error) {
    throw isTemporalUnavailable(error) ? new DependencyUnavailableError('temporal') : error;
  } finally {
    clearTimeout(timer);
  }
}
