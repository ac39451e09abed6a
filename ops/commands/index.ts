import type { OpsCommand } from '../command';
import { analysesVerify } from './analysis-commands';
import { batchesCancel, batchesList, batchesShow } from './analysis-batch-commands';
import { auditExport, auditVerify } from './audit-commands';
import { companyCreate, companyList, companyUpdate } from './company-commands';
import { dbMigrate } from './database-commands';
import { deliveriesList } from './delivery-commands';
import { deliveriesRetry } from './delivery-retry-command';
import { generateCommand } from './generate-commands';
import { housekeepingPurgeIdempotencyKeys } from './housekeeping-commands';
import { importCommands } from './import-commands';
import { keyCreate, keyList, keyRevoke } from './key-commands';
import { monitoringFanOut, monitoringRescheduleReviews } from './monitoring-commands';
import { peopleDeactivate, peopleList } from './people-commands';
import { planCreate, planList, planUpdate } from './plan-commands';
import { regulatoryCodesImport } from './regulatory-commands';
import { reportsDocument, reportsList, reportsShow } from './report-commands';

/** Every ops command; each area adds its own module here. */
export const opsCommands: OpsCommand<any>[] = [
  dbMigrate,
  planCreate,
  planUpdate,
  planList,
  companyCreate,
  companyUpdate,
  companyList,
  keyCreate,
  keyList,
  keyRevoke,
  peopleList,
  peopleDeactivate,
  deliveriesList,
  deliveriesRetry,
  reportsList,
  reportsShow,
  reportsDocument,
  regulatoryCodesImport,
  analysesVerify,
  auditVerify,
  auditExport,
  housekeepingPurgeIdempotencyKeys,
  monitoringFanOut,
  monitoringRescheduleReviews,
  batchesList,
  batchesShow,
  batchesCancel,
  ...importCommands,
  generateCommand,
];
