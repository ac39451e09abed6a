import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../config/config';
import type { Logger } from '../infra/logger';

/** Everything a route handler may use; built once per process by api/server.ts or a test. */
export type AppDeps = {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
};
