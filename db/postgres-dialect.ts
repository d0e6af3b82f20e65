import {
  PostgresDialect,
  PostgresQueryCompiler,
  type BinaryOperationNode,
  type Dialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PrimitiveValueListNode,
  type QueryCompiler,
} from "kysely";
import type pg from "pg";

/**
 * The PostgreSQL dialect of the app (db/kysely.ts) and of the tests: Kysely on a pg pool whose
 * connections keep the statements the app runs again and again prepared (ADR 0043), and whose
 * lists of values are sent as one array.
 *
 * pg sends a statement without a name as an unnamed one, which PostgreSQL parses, analyses and
 * plans again every time: a quarter of the server's CPU on an attempt save (issue 29). A text
 * with values that this process has run PREPARE_AFTER times is sent with a name instead; each
 * connection then parses it once and PostgreSQL may reuse its plan. One-off statements
 * (migrations, a rare query) stay unnamed, and at most MAX_PREPARED texts are ever named,
 * so a connection holds a bounded number of prepared statements for its whole life.
 */

/** Runs of one text, counted in this process, before it is named. */
export const PREPARE_AFTER = 3;
/** Texts named per process, hence prepared statements per connection at most. */
export const MAX_PREPARED = 200;
/**
 * A statement with more values than this stays unnamed: it is a many-row insert (a bank's
 * import) whose text changes with its number of rows, not one of the statements run again and
 * again, and it would only spend names.
 */
export const MAX_NAMED_VALUES = 64;
/** Texts counted at once; past it the counts start again (a text seen rarely never gets named). */
const MAX_COUNTED = 5_000;

const runs = new Map<string, number>();
const names = new Map<string, string>();

/** The name to send `text` under, or undefined to send it unnamed. */
function statementName(text: string): string | undefined {
  const named = names.get(text);
  if (named !== undefined || names.size >= MAX_PREPARED) return named;
  const count = (runs.get(text) ?? 0) + 1;
  if (count < PREPARE_AFTER) {
    if (runs.size >= MAX_COUNTED) runs.clear();
    runs.set(text, count);
    return undefined;
  }
  runs.delete(text);
  const name = `ontap_${names.size + 1}`;
  names.set(text, name);
  return name;
}

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  const query = (sql: unknown, parameters?: readonly unknown[]): unknown => {
    // A cursor (Kysely's streams) goes as it is.
    if (typeof sql !== "string") return client.query(sql as pg.Submittable);
    // Kysely hands each query a fresh array of its own: passed on, not copied again.
    const values = (parameters ?? []) as unknown[];
    // Without values a statement goes by the simple protocol (begin, commit, DDL): not named.
    const name =
      values.length > 0 && values.length <= MAX_NAMED_VALUES ? statementName(sql) : undefined;
    return name === undefined
      ? client.query(sql, values)
      : client.query({ name, text: sql, values });
  };
  return { query, release: () => client.release() } as PostgresPoolClient;
}

/** `pool` as Kysely takes it, with the same wrapper for a client every time it is lent. */
function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = preparingClient(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/**
 * `column in (…values)` as `column = any($1)`, the values as one array (`not in`: `<> all`):
 * one text whatever the number of values, so a list's query is prepared once rather than once
 * per length (which would also spend the MAX_PREPARED names). PostgreSQL reads both the same
 * way (an `in` list becomes `= any(array[…])` when parsed); an empty list finds nothing, where
 * `in ()` was a syntax error. A list of expressions, a subquery or a tuple stays as it was.
 */
class ListsAsArraysCompiler extends PostgresQueryCompiler {
  protected override visitBinaryOperation(node: BinaryOperationNode): void {
    const operator = (node.operator as { operator?: string }).operator;
    if ((operator === "in" || operator === "not in") && isValueList(node.rightOperand)) {
      this.visitNode(node.leftOperand);
      this.append(operator === "in" ? " = any(" : " <> all(");
      this.appendValue([...node.rightOperand.values]);
      this.append(")");
      return;
    }
    super.visitBinaryOperation(node);
  }
}

function isValueList(node: BinaryOperationNode["rightOperand"]): node is PrimitiveValueListNode {
  return node.kind === "PrimitiveValueListNode";
}

class AppPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new ListsAsArraysCompiler();
  }
}

export function postgresDialect(pool: pg.Pool): Dialect {
  return new AppPostgresDialect({ pool: preparingPool(pool) });
}
