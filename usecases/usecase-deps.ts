import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../config/config';
import type { Logger } from '../infra/logger';

/** What every use case may use: the database pool, the Temporal client, configuration, the logger. */
export type UsecaseDeps = {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
};
