import type { Migration } from "kysely";
import * as catalogue from "./0001-catalogue.ts";

/**
 * Every migration, in order, bundled in code: a file-based provider cannot find files once the
 * server is bundled. Names sort lexically; never rename or edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": catalogue,
};
