import type { OpsCommand } from '../command';
import { analysesVerify } from './analysis-commands';
import { dbMigrate } from './database-commands';
import { deliveriesList, deliveriesRetry } from './delivery-commands';
import { generateCommand } from './generate-commands';
import { importCommands } from './import-commands';
import { companyCreate, keyCreate, keyRevoke, planCreate } from './tenancy-commands';

/** Every ops command; each area adds its own module here. */
export const opsCommands: OpsCommand<any>[] = [
  dbMigrate,
  planCreate,
  companyCreate,
  keyCreate,
  keyRevoke,
  deliveriesList,
  deliveriesRetry,
  analysesVerify,
  ...importCommands,
  generateCommand,
];
