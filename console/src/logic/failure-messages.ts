import type { FailureKind } from './api-errors';

/** The message key that explains each kind of failure to an analyst. */
export function failureMessageKey(kind: FailureKind) {
  return `error.${kind}` as const;
}
