import type { OpsCommand } from '../command';
import { dbMigrate } from './database-commands';
import { companyCreate, keyCreate, keyRevoke, planCreate } from './tenancy-commands';

/** Every ops command; each area adds its own module here. */
export const opsCommands: OpsCommand<any>[] = [
  dbMigrate,
  planCreate,
  companyCreate,
  keyCreate,
  keyRevoke,
];
