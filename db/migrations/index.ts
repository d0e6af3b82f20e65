import type { Migration } from "kysely";
import * as catalogue from "./0001-catalogue.ts";
import * as questions from "./0002-questions.ts";

/**
 * Every migration, in order, bundled in code: a file-based provider cannot find files once the
 * server is bundled. Names sort lexically; never rename or edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": catalogue,
  "0002-questions": questions,
};
