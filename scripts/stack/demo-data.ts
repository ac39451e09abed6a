import type { Knex } from 'knex';

/**
 * Loads the demo dataset through the real importers (never by direct inserts). Idempotent:
 * a second start finds the data already there and changes nothing.
 */
export async function loadDemoData(_db: Knex, _dataDir: string): Promise<void> {
  // Filled in by the entity-store work (issue 3): generator → files in public formats → importers.
}
