/**
 * What one attempt means for the event and the endpoint. Only 2xx is success (redirects are
 * failures: a receiver that moved must update its URL); 410 Gone disables the endpoint.
 */
export type AttemptResult = { statusCode: number | null; error: string | null };

export type AttemptVerdict = 'succeeded' | 'gone' | 'failed';

export function judgeAttempt(result: AttemptResult): AttemptVerdict {
  if (result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299) return 'succeeded';
  if (result.statusCode === 410) return 'gone';
  return 'failed';
}

/**
 * An endpoint failing without a single success for longer than the window is disabled, so a
 * dead receiver stops costing retries forever. `firstFailureAt` includes this failure.
 */
export function shouldDisableEndpoint(input: {
  verdict: AttemptVerdict;
  firstFailureAt: Date | null;
  now: Date;
  disableAfterMs: number;
}): string | null {
  if (input.verdict === 'gone') return 'endpoint answered 410 Gone';
  if (input.verdict !== 'failed' || input.firstFailureAt === null) return null;
  const failingForMs = input.now.getTime() - input.firstFailureAt.getTime();
  if (failingForMs < input.disableAfterMs) return null;
  return `no successful delivery since ${input.firstFailureAt.toISOString()}`;
}

/** A short, secret-free description of a transport error for the attempt log. */
export function describeTransportError(error: { code?: string; message?: string }): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'DNS lookup failed',
    ETIMEDOUT: 'timed out',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ERR_WEBHOOK_TIMEOUT: 'timed out',
    ERR_WEBHOOK_TARGET_FORBIDDEN: 'target address not allowed',
  };
  if (error.code && known[error.code])
    return error.code === 'ERR_WEBHOOK_TARGET_FORBIDDEN' ? (error.message ?? known[error.code]) : known[error.code];
  return (error.code ?? error.message ?? 'request failed').slice(0, 200);
}
