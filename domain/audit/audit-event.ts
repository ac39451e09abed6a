import type { RecordedActor } from '../actor';
import { canonicalJson } from '../canonical-json';
import { sha256Hex } from '../fingerprint';

/**
 * One audit event and its link in a per-company hash chain (docs/people-and-cases.md, "The audit
 * trail"). Each event's `sha256` is the SHA-256 of the canonical JSON (domain/canonical-json.ts) of
 * its content together with the previous event's `sha256` (`prev_sha256`; the first event of a
 * chain links to GENESIS_SHA256): changing, removing or reordering one event breaks every later link.
 */
export const GENESIS_SHA256 = '0'.repeat(64);

/** `<resource>.<verb>`, both in snake case: `analysis.created`, `webhook_endpoint.secret_rotated`. */
const actionPattern = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

export function isAuditAction(action: string): boolean {
  return actionPattern.test(action) && action.length <= 100;
}

/** What an event says, before it is linked into its chain. */
export type AuditEventContent = {
  uuid: string;
  /** The company whose chain holds the event; null: the service chain (writes that belong to no company). */
  company_uuid: string | null;
  /** The event's place in its chain, from 1. */
  seq: number;
  /** ISO 8601, milliseconds, UTC. */
  at: string;
  actor: RecordedActor;
  action: string;
  /** `uuid` is the resource's public id (a uuid; a plan's code for a plan). */
  resource: { type: string; uuid: string };
  request_id: string | null;
  /** The fields that changed (domain/audit/redact-secrets.ts: never a secret). */
  changes: Record<string, unknown>;
};

export type AuditChainLink = { prev_sha256: string; sha256: string };

/** An event as stored, exported and answered: its content and its link. */
export type AuditEvent = AuditEventContent & { chain: AuditChainLink };

/** The head of a chain: the last event's seq and sha256 (seq 0 and GENESIS_SHA256 for an empty chain). */
export type AuditChainHead = { seq: number; sha256: string };

export const EMPTY_CHAIN_HEAD: AuditChainHead = Object.freeze({ seq: 0, sha256: GENESIS_SHA256 });

/** The bytes an event's sha256 covers: its content and prev_sha256, as canonical JSON. */
export function auditHashInput(content: AuditEventContent, prevSha256: string): string {
  const { uuid, company_uuid, seq, at, actor, action, resource, request_id, changes } = content;
  return canonicalJson({
    uuid,
    company_uuid,
    seq,
    at,
    // `via_key` only when the actor has one: every event before personal keys hashes as it did.
    actor: actor.via_key
      ? { type: actor.type, id: actor.id, name: actor.name, via_key: actor.via_key }
      : { type: actor.type, id: actor.id, name: actor.name },
    action,
    resource: { type: resource.type, uuid: resource.uuid },
    request_id,
    changes,
    prev_sha256: prevSha256,
  });
}

export function hashAuditEvent(content: AuditEventContent, prevSha256: string): string {
  return sha256Hex(auditHashInput(content, prevSha256));
}

/** The next event of a chain: the content (seq from the head) linked to the head's sha256. */
export function linkAuditEvent(head: AuditChainHead, content: Omit<AuditEventContent, 'seq'>): AuditEvent {
  if (!isAuditAction(content.action)) throw new Error(`not an audit action: ${content.action}`);
  const linked: AuditEventContent = { ...content, seq: head.seq + 1 };
  return { ...linked, chain: { prev_sha256: head.sha256, sha256: hashAuditEvent(linked, head.sha256) } };
}
