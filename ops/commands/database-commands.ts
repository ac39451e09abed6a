import { z } from 'zod';
import { migrateLatest } from '../../db/create-db';
import { defineCommand } from '../command';

export const dbMigrate = defineCommand({
  name: ['db', 'migrate'],
  summary: 'Apply pending database migrations (the only command that changes the schema; the migrate job of docker-compose.yml)',
  flags: {},
  examples: ['db migrate --json'],
  options: z.object({}),
  migrates: true,
  run: async ({ db }) => {
    const knex = await db();
    const applied = await migrateLatest(knex);
    const [completed] = await knex.migrate.list();
    return { applied, total: completed.length };
  },
});
