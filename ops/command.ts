import type { Knex } from 'knex';
import { z } from 'zod';

export type OpsContext<O> = {
  options: O;
  /** The configured database (DATABASE_URL, or the embedded one of `npm start`). */
  db: () => Promise<Knex>;
  /** Human progress and logs: stderr only, so stdout stays one JSON object. */
  log: (message: string) => void;
  /** True when stderr is a terminal (progress bars allowed). */
  interactive: boolean;
};

export type OpsCommand<S extends z.ZodObject = z.ZodObject> = {
  /** e.g. ['plan', 'create'] */
  name: string[];
  summary: string;
  /** One line per flag, shown by --help. */
  flags: string[];
  /** Flags arrive as strings (or true for a bare flag); the schema converts and validates. */
  options: S;
  run: (ctx: OpsContext<z.infer<S>>) => Promise<Record<string, unknown>>;
};

export function defineCommand<S extends z.ZodObject>(command: OpsCommand<S>): OpsCommand<S> {
  return command;
}

/** "a,b , c" → ['a','b','c'] */
export const commaList = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
