import { ConflictError } from '../../../domain/errors';

/** A second live monitor of the same subject: 409 naming the first (docs/monitoring.md). */
export class MonitorExistsError extends ConflictError {
  constructor(readonly monitorUuid: string) {
    super(`the subject already has an active monitor: ${monitorUuid}`);
  }
}
