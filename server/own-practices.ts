/**
 * PLACEHOLDER — to be replaced at merge by the other half of issue 18 (branch of /work/wt-own),
 * whose server/own-practices.ts stores, shares and edits a student's own practices. Only the
 * three signatures "Tạo đề của tôi" calls are declared here, so this branch compiles: saving
 * throws until the real module is merged, and reading finds nothing (so the edit page, and the
 * fuzz and authorization tests that call it, answer 404 instead of 500).
 */
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";

export interface OwnPracticeInput {
  title: string;
  subjectName?: string;
  parsed: ParsedQuestions;
}

function notMerged(): never {
  throw new Error("server/own-practices.ts: not merged yet");
}

export async function createOwnPractice(
  _db: Kysely<DB>,
  _userId: string,
  _input: OwnPracticeInput,
): Promise<{ code: string }> {
  return notMerged();
}

export async function readOwnPracticeForEdit(
  _db: Kysely<DB>,
  _userId: string,
  _code: string,
): Promise<{ title: string; subjectName?: string; parsed: ParsedQuestions } | null> {
  return null;
}

export async function updateOwnPractice(
  _db: Kysely<DB>,
  _userId: string,
  _code: string,
  _input: OwnPracticeInput,
): Promise<void> {
  return notMerged();
}
