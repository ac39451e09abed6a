import type { Executor } from '../create-db';
import { isUuid } from '../../domain/uuid';

/**
 * A commit fence: a workflow started inside the transaction that records its resource may run
 * before that commit, so the transaction holds a transaction-scoped advisory lock on the
 * resource's uuid until it ends, and the run's first step takes the same lock (shared) before it
 * reads. Once granted, the transaction has ended: the row is there, or it was rolled back and
 * the run has nothing to do. One advisory-lock namespace per resource (two-key form); webhook
 * events have their own, 7106 (webhook-publication-repository.ts).
 */
const commitFenceLockClasses = { analysis: 7107, screening: 7108, monitor: 7109, report: 7110, analysis_batch: 7111 } as const;
export type FencedResource = keyof typeof commitFenceLockClasses;

/** Holds the resource's fence until the surrounding transaction ends. */
export async function holdCommitFence(trx: Executor, resource: FencedResource, uuid: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, hashtext(?::text))', [commitFenceLockClasses[resource], uuid]);
}

/**
 * The uuid as an SQL literal, for the multi-statement round trips below (the simple protocol
 * takes no parameters: the value is checked, then inlined); undefined when it is no uuid.
 */
export function uuidLiteral(uuid: string): string | undefined {
  return isUuid(uuid) ? `'${uuid.toLowerCase()}'` : undefined;
}

/** The statement that waits for the fence: first in the round trip of the read it guards. */
export function awaitCommitFenceSql(resource: FencedResource, literal: string): string {
  return `select pg_advisory_xact_lock_shared(${commitFenceLockClasses[resource]}, hashtext(${literal}::text))`;
}
