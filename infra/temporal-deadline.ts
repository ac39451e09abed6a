import type { Client } from '@temporalio/client';
import { DependencyUnavailableError } from '../domain/errors';

/** gRPC UNAVAILABLE (14) / DEADLINE_EXCEEDED (4), however the SDK wraps them. */
export function isTemporalUnavailable(error: any): boolean {
  const code = error?.code ?? error?.cause?.code;
  return error?.name === 'ServiceError' || error?.name === 'TransportError' || code === 14 || code === 4;
}

/**
 * A Temporal call bounded in time: past `ms` the call is aborted and the caller gets
 * DependencyUnavailableError (502) instead of hanging on a server that is out of reach.
 */
export async function withinDeadline<T>(temporal: Client, ms: number, call: () => Promise<T>): Promise<T> {
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
