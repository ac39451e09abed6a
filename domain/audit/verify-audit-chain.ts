import { type AuditChainHead, type AuditEvent, EMPTY_CHAIN_HEAD, hashAuditEvent } from './audit-event';

/**
 * Verifying a chain (docs/people-and-cases.md, "How to verify"): events in seq order, each one must
 * follow the previous (seq + 1: none removed or inserted), link to its sha256, and hash to its own
 * sha256 (its content unchanged). The first event that does not is reported, with the reason.
 */
export type AuditChainBreak = { seq: number; reason: 'seq_gap' | 'prev_sha256_mismatch' | 'sha256_mismatch' };

export type AuditChainVerification = { valid: boolean; events: number; head_sha256: string; first_invalid: AuditChainBreak | null };

/** What is wrong with `event` as the successor of `head`, or null when it is the right next link. */
export function checkAuditLink(head: AuditChainHead, event: AuditEvent): AuditChainBreak | null {
  if (event.seq !== head.seq + 1) return { seq: event.seq, reason: 'seq_gap' };
  if (event.chain.prev_sha256 !== head.sha256) return { seq: event.seq, reason: 'prev_sha256_mismatch' };
  if (hashAuditEvent(event, event.chain.prev_sha256) !== event.chain.sha256) return { seq: event.seq, reason: 'sha256_mismatch' };
  return null;
}

/**
 * A verification that takes the chain in pages (a long chain never sits in memory at once):
 * `push` each page in order, then `result()`. After the first break the rest is only counted;
 * `head_sha256` is the stored sha256 of the last event read.
 */
export function createAuditChainVerifier(): { push: (events: readonly AuditEvent[]) => void; result: () => AuditChainVerification } {
  let head: AuditChainHead = EMPTY_CHAIN_HEAD;
  let events = 0;
  let firstInvalid: AuditChainBreak | null = null;
  return {
    push(page) {
      for (const event of page) {
        events += 1;
        firstInvalid ??= checkAuditLink(head, event);
        head = { seq: event.seq, sha256: event.chain.sha256 };
      }
    },
    result: () => ({ valid: firstInvalid === null, events, head_sha256: head.sha256, first_invalid: firstInvalid }),
  };
}

/** A whole chain at once. */
export function verifyAuditChain(events: readonly AuditEvent[]): AuditChainVerification {
  const verifier = createAuditChainVerifier();
  verifier.push(events);
  return verifier.result();
}
