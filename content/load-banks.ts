import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { countSubjects } from "#db/bank-store.ts";
import type { DB } from "#db/schema.ts";
import { parseJsonBank } from "./formats/json.ts";
import type { Bank, Problem } from "./formats/types.ts";
import { importIntoEmpty, type ImportSummary } from "./import-bank.ts";
import { resolveBankPictures } from "./pictures/bank-pictures.ts";

class BankProblemsError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`${problems.length} problem(s) in the banks:\n${problems.map(formatProblem).join("\n")}`);
    this.name = "BankProblemsError";
  }
}

/** "content/banks/x.json:12 (câu 3): message" — the shape editors and terminals link. */
export function formatProblem(problem: Problem): string {
  const where = problem.line ? `${problem.file}:${problem.line}` : problem.file;
  const question = problem.question && !problem.line ? ` (câu ${problem.question})` : "";
  const label = problem.severity === "warning" ? "cảnh báo" : "lỗi";
  return `${where}${question}: ${label}: ${problem.message}`;
}

/** Reads every bank of our JSON format in a folder; throws when any of them has an error. */
export function readBankFolder(folder: string): Bank[] {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort();
  const banks: Bank[] = [];
  const problems: Problem[] = [];
  for (const name of files) {
    const file = path.join(folder, name);
    const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
    const result = parseJsonBank(text, file);
    problems.push(...result.problems);
    if (result.value) banks.push(result.value);
  }
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length > 0) throw new BankProblemsError(errors);
  return banks;
}

/** The banks of a folder with their pictures read (files beside them, SVG drawn to pixels). */
async function loadBankFolder(folder: string): Promise<Bank[]> {
  const banks: Bank[] = [];
  const problems: Problem[] = [];
  for (const bank of readBankFolder(folder)) {
    const resolved = await resolveBankPictures(bank, folder, folder);
    problems.push(...resolved.problems);
    banks.push(resolved.bank);
  }
  if (problems.length > 0) throw new BankProblemsError(problems);
  return banks;
}

/**
 * On first start (no subject yet) the sample banks are imported; otherwise nothing happens. The
 * quick look saves reading the files on every start; the import checks again under its lock.
 */
export async function loadBanksIntoEmptyDatabase(
  db: Kysely<DB>,
  folder: string,
): Promise<ImportSummary | null> {
  if ((await countSubjects(db)) > 0) return null;
  return importIntoEmpty(db, await loadBankFolder(folder));
}
