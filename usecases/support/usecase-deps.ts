import type { Client } from '@temporalio/client';
import type { Config } from '../../config/config';
import type { AnalysisSummary } from '../../contracts/analysis-workflow-contract';
import type { Executor } from '../../db/create-db';
import type { RuleCatalogRegistry } from '../../domain/rules/catalog-registry';
import type { Logger } from '../../infra/logger';
import type { SyncRunBoard } from '../analyses/support/sync-run-board';

/**
 * The one dependency shape of every use case, `(deps, actor, input)` (docs/architecture.md,
 * "Use cases"). `db` is an executor: the pool, or the transaction of a caller that composes use
 * cases in one commit. A use case that needs only some members declares `Pick<UsecaseDeps, …>`,
 * so that the ops CLI (no api configuration) can call it with what it has. An adapter only some
 * use cases need is an optional member here, never a new shape.
 */
export type UsecaseDeps = {
  db: Executor;
  temporal: Client;
  config: Config;
  logger: Logger;
  /** The time a use case takes as "now" (an audit event's time); absent: the system clock. */
  clock?: () => Date;
  /** In a process running the embedded analyses worker (api/server.ts): where a sync run reports to its waiting request. */
  syncRuns?: SyncRunBoard<AnalysisSummary>;
  /** The rule catalogs a replay may score with (domain/rules/catalog-registry.ts); absent: every shipped version. */
  catalogs?: RuleCatalogRegistry;
  /**
   * The id of the HTTP request a use case serves (api/edge/request-context.ts), recorded on the
   * audit events it appends (usecases/audit/record-audit-event.ts); absent: the ops CLI or the service.
   */
  requestId?: string | null;
  /**
   * In a Temporal activity: tells the server the activity is alive (a long batch calls it between
   * groups), with its progress as details when the next attempt needs them; absent: nothing to tell.
   */
  heartbeat?: (details?: unknown) => void;
};

/** "Now" for a use case: its deps' clock, else the system clock. */
export const nowOf = (deps: Pick<UsecaseDeps, 'clock'>): Date => (deps.clock ? deps.clock() : new Date());
