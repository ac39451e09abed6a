import type { OpsCommand } from '../command';
import { companyUpdate } from './company-commands';
import { analysesVerify } from './analysis-commands';
import { dbMigrate } from './database-commands';
import { deliveriesList, deliveriesRetry } from './delivery-commands';
import { generateCommand } from './generate-commands';
import { importCommands } from './import-commands';
import { reportsDocument, reportsList, reportsShow } from './report-commands';
import { companyCreate, keyCreate, keyRevoke, planCreate } from './tenancy-commands';

/** Every ops command; each area adds its own module here. */
export const opsCommands: OpsCommand<any>[] = [
  dbMigrate,
  planCreate,
  companyCreate,
  companyUpdate,
  keyCreate,
  keyRevoke,
  deliveriesList,
  deliveriesRetry,
  reportsList,
  reportsShow,
  reportsDocument,
  analysesVerify,
  ...importCommands,
  generateCommand,
];
