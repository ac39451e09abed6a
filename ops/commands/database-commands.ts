import { z } from 'zod';
import { migrateLatest } from '../../db/create-db';
import { defineCommand } from '../command';

export const dbMigrate = defineCommand({
  name: ['db', 'migrate'],
  summary: 'Apply pending database migrations (the migrate job of docker-compose.yml)',
  flags: [],
  options: z.object({}),
  run: async ({ db }) => {
    // Opening the database already migrates (ops/database.ts); a second pass reports nothing new.
    const applied = await migrateLatest(await db());
    const [completed] = await (await db()).migrate.list();
    return { applied, total: completed.length };
  },
});
