import { sql, type Kysely } from "kysely";
import { dialectOf } from "./dialect-of.ts";
import type { DB } from "./schema.ts";

/**
 * Group commit for SQLite (issue 29, ADR 0039). SQLite runs one write transaction at a time,
 * and its commit (writing the WAL) was a save's largest single cost. A write that arrives while
 * another transaction runs waits for it, as it always did; all those that waited then run
 * together in the next transaction, each in a savepoint of its own, and one commit makes them
 * all durable. A write that fails rolls back alone to its savepoint and rejects; the others
 * commit. Each caller's promise settles only once its transaction has committed (or failed).
 *
 * On PostgreSQL every write keeps a transaction of its own: there, concurrent transactions run
 * side by side on the pool, and one shared transaction would hold every row lock its writes
 * take until the last of them is done.
 */

/** The most writes one transaction carries: bounds how long the reads behind it wait. */
const MAX_BATCH = 32;

interface Write {
  work: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Write[];
  running: boolean;
}

/** Per database (tests open many). */
const queues = new WeakMap<Kysely<DB>, Queue>();

/** Runs `work` in a transaction, shared with other writes of this database on SQLite. */
export function writeInBatch<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction || dialectOf(db) !== "sqlite") return db.transaction().execute(work);
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], running: false }));
  const running = queue;
  return new Promise<T>((resolve, reject) => {
    running.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!running.running) void drain(db, running);
  });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function drain(db: Kysely<DB>, queue: Queue): Promise<void> {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      let outcomes: Outcome[];
      try {
        outcomes = await db.transaction().execute(async (trx) => {
          const done: Outcome[] = [];
          for (const write of batch) done.push(await inSavepoint(trx, write.work));
          return done;
        });
      } catch (error) {
        // The transaction itself failed (its begin or its commit): nothing of it was written.
        for (const write of batch) write.reject(error);
        continue;
      }
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) batch[i]!.resolve(outcome.value);
        else batch[i]!.reject(outcome.error);
      });
    }
  } finally {
    queue.running = false;
  }
}

async function inSavepoint(
  trx: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<unknown>,
): Promise<Outcome> {
  await sql`savepoint batched_write`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release batched_write`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to batched_write`.execute(trx);
    await sql`release batched_write`.execute(trx);
    return { ok: false, error };
  }
}
