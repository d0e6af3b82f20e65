import Database from "better-sqlite3";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { SEED } from "./seed.ts";

/** The server has migrated its fresh database by now (Playwright waits for /healthz first). */
export default function globalSetup() {
  const db = new Database(E2E_DATABASE);
  db.pragma("busy_timeout = 5000");
  const subject = db
    .prepare(
      "insert into subject (code, name, description, keywords, sort_order) values (?, ?, ?, ?, 0) on conflict (code) do update set name = excluded.name returning id",
    )
    .get(SEED.subject.code, SEED.subject.name, SEED.subject.description, SEED.subject.keywords) as {
    id: number;
  };
  db.prepare(
    "insert into practice (code, subject_id, title, description, source, question_count) values (?, ?, ?, ?, ?, 50) on conflict (code) do nothing",
  ).run(SEED.practice.code, subject.id, SEED.practice.title, SEED.practice.description, null);
  db.close();
}
