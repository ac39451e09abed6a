import type { Knex } from 'knex';
import { z } from 'zod';
import type { OperatorActor } from '../domain/actor';

export type OpsContext<O> = {
  options: O;
  /** The configured database (DATABASE_URL, or the one of `npm start`), its schema current. */
  db: () => Promise<Knex>;
  /** Who runs the command: `--operator <name>`, else the OS user (ops/operator.ts). */
  actor: OperatorActor;
  /** Human progress and logs: stderr only, so stdout stays one JSON object. */
  log: (message: string) => void;
  /** True when stderr is a terminal (progress bars allowed). */
  interactive: boolean;
};

/** One flag of a command: what `node:util` parseArgs accepts (strict), and what --help says. */
export type FlagSpec = {
  type: 'string' | 'boolean';
  /** Placeholder shown by --help, e.g. `<uuid>`. */
  value?: string;
  help: string;
  required?: boolean;
  /** The value names a file or folder that must exist (one clear line when it does not). */
  path?: 'file' | 'dir';
};

export type OpsCommand<S extends z.ZodObject = z.ZodObject> = {
  /** e.g. ['plan', 'create'] */
  name: string[];
  summary: string;
  flags: Record<string, FlagSpec>;
  /** At least one complete command line, shown by --help. */
  examples: string[];
  /** Flags arrive as strings (true for a boolean); the schema converts and validates them. */
  options: S;
  /**
   * `db migrate` alone applies migrations; every other command that opens the database refuses
   * when its schema is behind (ops/database.ts).
   */
  migrates?: boolean;
  /**
   * Connects as the schema owner (DATABASE_OWNER_URL), like `db migrate`: the importers rebuild
   * indexes and keys around a bulk load and ANALYZE what they loaded, which only a table's owner
   * may do (docs/operations.md, "Database roles").
   */
  connectsAsOwner?: boolean;
  run: (ctx: OpsContext<z.infer<S>>) => Promise<Record<string, unknown>>;
};

export function defineCommand<S extends z.ZodObject>(command: OpsCommand<S>): OpsCommand<S> {
  return command;
}

/** "a,b , c" → ['a','b','c'] */
export const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
