import type { UsecaseDeps } from '../usecases/support/usecase-deps';

/** Activities get the use cases' one deps shape (the embedded worker's `syncRuns` included). */
export type ActivityDeps = UsecaseDeps;
