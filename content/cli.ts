import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "#server/env.ts";
import { findSubject } from "#db/bank-store.ts";
import { openDatabase } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { bankSubject, formatJsonBank, readPracticeAsBank } from "./export-bank.ts";
import { writeAiken } from "./formats/aiken.ts";
import { writeGift } from "./formats/gift.ts";
import { writeMoodleXml } from "./formats/moodle-xml-writer.ts";
import type { Bank, BankChapter, BankQuestion, Problem } from "./formats/types.ts";
import type { EncodedPicture } from "./pictures/encode-picture.ts";
import { chapterIndex } from "./formats/validate-questions.ts";
import { describeQuestionsRead } from "./cli-report.ts";
import { type ImportSummary, TooManyRetiredError, importBanks } from "./import-bank.ts";
import { formatProblem } from "./load-banks.ts";
import { trimEndOf, trimStartOf } from "#base/trim.ts";
import { isOwnPracticeFile } from "#base/limits.ts";
import { pictureHashesIn } from "#base/pictures.ts";
import {
  createParsePool,
  isParseRefusal,
  sourceParseWorker,
  type ParsePool,
} from "./parse-pool.ts";
import type { FileContent } from "./read-bank-file.ts";

/**
 * npm run import -- <file or folder> [--dry-run] [--show-keys] [--allow-retire] [--practice CODE] [--subject CODE] [--title "…"]
 * npm run export -- <practice code> [--format json|gift|aiken|moodle-xml] [--out FILE]
 */
const EXPORT_FORMATS = ["json", "gift", "aiken", "moodle-xml"];
const EXPORT_USAGE =
  "Usage: npm run export -- <practice code> [--format json|gift|aiken|moodle-xml] [--out FILE]";

const [command, ...rest] = process.argv.slice(2);
/** Per practice, each question's right answers, so a teacher can check them before importing. */
function describeKeys(bank: Bank): string {
  return bank.practices
    .map((practice) => {
      const lines = practice.questions.map(
        (question, index) => `  ${index + 1}. ${describeQuestionKeys(question)}`,
      );
      return [`Đề “${practice.code}” (${practice.questions.length} câu):`, ...lines].join("\n");
    })
    .join("\n");
}

/** One question's right answers in words; a Đúng/Sai question's statements each with its truth. */
function describeQuestionKeys(question: BankQuestion): string {
  const quoted = (text: string) => `“${text.replaceAll("\n", " ")}”`;
  if (question.kind === "true_false") {
    const marks = question.answers.map(
      (answer, i) => `${String.fromCharCode(97 + i)}) ${answer.key ? "Đúng" : "Sai"}`,
    );
    return `Đúng/Sai: ${marks.join(", ")}`;
  }
  const keys = question.answers.filter((answer) => answer.key);
  const shown = keys.map((answer) => quoted(answer.text)).join(", ");
  if (question.kind === "short_answer") return `trả lời ngắn, chấp nhận: ${shown}`;
  const kind =
    keys.length <= 1
      ? "một đáp án"
      : question.anyKey
        ? "chọn một trong các đáp án đúng"
        : "chọn đủ các đáp án đúng";
  return `${kind}: ${shown}`;
}

const TOO_COSTLY_MESSAGE =
  "Tệp quá lớn hoặc quá phức tạp để đọc trong thời gian cho phép (PARSE_TIME_LIMIT_MS, PARSE_MEMORY_MB): hãy chia thành nhiều tệp nhỏ hơn";

/** One file read by the pool; a job it stopped is an error of that file, not a crash. */
async function readInPool(
  parse: ParsePool,
  file: string,
): Promise<{ content: FileContent | null; problems: Problem[] }> {
  try {
    return await parse.run("readBankFile", { bytes: readFileSync(file), file });
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    return { content: null, problems: [{ file, severity: "error", message: TOO_COSTLY_MESSAGE }] };
  }
}

const NO_QUESTION_MESSAGE =
  "Tệp không có câu hỏi trắc nghiệm nào nhập được; nhập nó sẽ làm trống đề nên bị từ chối";

if (command === "import") process.exitCode = await runImport(rest);
else if (command === "export") process.exitCode = await runExport(rest);
else {
  console.error(
    "Usage: npm run import -- <file|folder> [--dry-run] [--show-keys] [--allow-retire] [--practice CODE] [--subject CODE] [--title TEXT]",
  );
  console.error(`       ${EXPORT_USAGE.replace("Usage: ", "")}`);
  process.exitCode = 2;
}

async function runImport(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "dry-run": { type: "boolean", default: false },
      "allow-retire": { type: "boolean", default: false },
      "show-keys": { type: "boolean", default: false },
      practice: { type: "string" },
      subject: { type: "string" },
      title: { type: "string" },
    },
  });
  const target = positionals[0];
  if (!target) {
    console.error("Thiếu tệp hoặc thư mục cần nhập.");
    return 2;
  }
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        // The files the editor of "Tạo đề của tôi" accepts, read the same way.
        .filter((name) => isOwnPracticeFile(name))
        .sort()
        .map((name) => path.join(target, name))
    : [target];

  const env = loadEnv();
  const { db } = openDatabase(env.DATABASE_URL);
  // Bank files are read as a student's upload is: in the parse pool, bounded (ADR 0015).
  const parse = createParsePool({
    ...sourceParseWorker(),
    threads: 1,
    queue: files.length,
    timeLimitMs: env.PARSE_TIME_LIMIT_MS,
    memoryMb: env.PARSE_MEMORY_MB,
  });
  try {
    await Promise.all([migrateToLatest(db), parse.ready()]);
    const { banks, problems, reports } = await readImportFiles(db, parse, target, files, values);
    for (const problem of problems) console.error(formatProblem(problem));
    const errors = problems.filter((p) => p.severity === "error").length;
    const warnings = problems.length - errors;
    if (errors > 0) {
      if (reports.length > 0) console.error(`\n${reports.join("\n")}`);
      console.error(
        `\n${errors} lỗi: không ghi gì vào cơ sở dữ liệu. Sửa các lỗi trên rồi chạy lại.`,
      );
      return 1;
    }
    const dryRun = values["dry-run"];
    const started = performance.now();
    let summary: ImportSummary;
    try {
      summary = await importBanks(db, banks, {
        onPractice: drawProgress,
        allowRetire: values["allow-retire"],
        dryRun,
      });
    } catch (error) {
      if (!(error instanceof TooManyRetiredError)) throw error;
      if (process.stderr.isTTY) process.stderr.write("\n");
      console.error(`${target}: lỗi: ${error.message}`);
      console.error("\nKhông ghi gì vào cơ sở dữ liệu.");
      return 1;
    }
    if (process.stderr.isTTY) process.stderr.write("\n");
    if (values["show-keys"]) for (const bank of banks) console.log(describeKeys(bank));
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(describeSummary(summary, { dryRun, seconds, files: files.length, warnings }));
    return 0;
  } finally {
    await Promise.all([db.destroy(), parse.close()]);
  }
}

/** Reads every file; question-only files are wrapped into practices (--practice, --subject). */
async function readImportFiles(
  db: ReturnType<typeof openDatabase>["db"],
  parse: ParsePool,
  target: string,
  files: readonly string[],
  values: { practice?: string; subject?: string; title?: string },
): Promise<{ banks: Bank[]; problems: Problem[]; reports: string[] }> {
  const banks: Bank[] = [];
  const problems: Problem[] = [];
  /** Per refused file of questions, which were read fine and which are wrong. */
  const reports: string[] = [];
  const questionFiles: QuestionFile[] = [];
  for (const file of files) {
    const { content, problems: found } = await readInPool(parse, file);
    problems.push(...found);
    if (content?.kind === "bank") banks.push(content.bank);
    if (content?.kind === "questions") {
      // A file without one question would empty its practice: refused, not imported.
      if (content.questions.length === 0 && !found.some((p) => p.severity === "error")) {
        problems.push({ file, severity: "error", message: NO_QUESTION_MESSAGE });
      }
      const { chapters, questions, pictures } = content;
      questionFiles.push({ file, chapters, questions, pictures });
      const report =
        content.questions.length > 0 && describeQuestionsRead(file, content.questions, found);
      if (report) reports.push(report);
    }
  }
  // With --practice, the files of a folder together make that practice (in name order).
  const groups = values.practice
    ? questionFiles.length > 0
      ? [mergeQuestionFiles(target, questionFiles)]
      : []
    : questionFiles;
  for (const group of groups) {
    const bank = await wrapQuestions(db, group, values, problems, banks);
    if (bank) banks.push(bank);
  }
  return { banks, problems, reports };
}

function describeSummary(
  summary: ImportSummary,
  run: { dryRun: boolean; seconds: string; files: number; warnings: number },
): string {
  return [
    run.dryRun
      ? `Kiểm tra xong (--dry-run, không ghi gì), nếu nhập thật thì:`
      : `Đã nhập trong ${run.seconds} giây:`,
    `  ${summary.subjects} môn, ${summary.practices} đề, ${summary.chapters} chương, ${summary.questions} câu hỏi (${summary.multiAnswer} câu nhiều đáp án, ${summary.anyKey} câu chọn một trong nhiều đáp án đúng)`,
    `  ${summary.added} câu mới, ${summary.revised} câu sửa (phiên bản mới), ${summary.retired} câu bỏ, ${summary.unchanged} câu giữ nguyên`,
    `  ${run.files} tệp, ${run.warnings} cảnh báo`,
  ].join("\n");
}

interface QuestionFile {
  /** The file, or the folder when several files make one practice. */
  file: string;
  chapters: BankChapter[];
  questions: BankQuestion[];
  /** The pictures the file carried (issue 26). */
  pictures: EncodedPicture[];
}

/** Several files as one practice: questions in file order, chapters merged by title. */
function mergeQuestionFiles(target: string, parts: QuestionFile[]): QuestionFile {
  const chapters: BankChapter[] = [];
  const questions: BankQuestion[] = [];
  const pictures = parts.flatMap((part) => part.pictures);
  for (const part of parts) {
    for (const question of part.questions) {
      const chapter = question.chapter === undefined ? undefined : part.chapters[question.chapter];
      const merged = { ...question };
      if (chapter) {
        merged.chapter = chapterIndex(chapters, chapter.title);
        const kept = chapters[merged.chapter];
        if (kept && chapter.description && !kept.description)
          kept.description = chapter.description;
      }
      questions.push(merged);
    }
  }
  return { file: target, chapters, questions, pictures };
}

/**
 * Formats other than ours carry only questions: they go into --practice (existing or new). The
 * subject may be in the database or in a JSON bank of the same import.
 */
async function wrapQuestions(
  db: ReturnType<typeof openDatabase>["db"],
  content: QuestionFile,
  values: { practice?: string; subject?: string; title?: string },
  problems: Problem[],
  banks: readonly Bank[],
): Promise<Bank | null> {
  const { file } = content;
  const code = values.practice ?? slugOf(path.basename(file, path.extname(file)));
  const existing = await readPracticeAsBank(db, code);
  const subjectCode = values.subject ?? existing?.subject.code;
  const inThisImport = banks.find((bank) => bank.subject.code === subjectCode)?.subject;
  const subject = inThisImport
    ? { ...inThisImport, keywords: inThisImport.keywords.join(" ") }
    : subjectCode
      ? await findSubject(db, subjectCode)
      : undefined;
  if (!subject) {
    problems.push({
      file,
      severity: "error",
      message: subjectCode
        ? `Không có môn “${subjectCode}” trong cơ sở dữ liệu`
        : `Đề “${code}” chưa có: hãy chỉ ra môn của nó bằng --subject MÃ_MÔN`,
    });
    return null;
  }
  const practice = existing?.practices[0];
  return {
    subject: bankSubject(subject),
    pictures: content.pictures,
    practices: [
      {
        code,
        title: values.title ?? practice?.title ?? path.basename(file, path.extname(file)),
        description: practice?.description ?? "",
        source: practice?.source,
        hidden: practice?.hidden,
        chapters: content.chapters && content.chapters.length > 0 ? content.chapters : undefined,
        questions: content.questions,
      },
    ],
  };
}

function drawProgress(done: number, total: number) {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} đề`,
  );
}

function slugOf(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  return trimEndOf(trimStartOf(slug, "-"), "-");
}

async function runExport(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: "string", default: "json" }, out: { type: "string" } },
  });
  const code = positionals[0];
  if (!code || !EXPORT_FORMATS.includes(values.format)) {
    console.error(EXPORT_USAGE);
    return 2;
  }
  const env = loadEnv();
  const { db } = openDatabase(env.DATABASE_URL);
  try {
    const withPictures = values.format === "json" || values.format === "moodle-xml";
    const bank = await readPracticeAsBank(db, code, { withPictures });
    if (!bank) {
      console.error(`Không có đề “${code}”.`);
      return 1;
    }
    const { text, notes } = writeExport(values.format, bank);
    for (const note of notes) console.error(note);
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
    return 0;
  } finally {
    await db.destroy();
  }
}

/** The practice in the format asked for, with a sentence for each thing the format cannot hold. */
function writeExport(format: string, bank: Bank): { text: string; notes: string[] } {
  const practice = bank.practices[0]!;
  const chapters = practice.chapters ?? [];
  const notes: string[] = [];
  if (format === "json") return { text: formatJsonBank(bank), notes };
  if (format === "moodle-xml") {
    const moodle = writeMoodleXml(practice.questions, chapters, bank.pictures);
    const list = (numbers: number[]) => numbers.join(", ");
    if (moodle.skipped.length > 0) {
      notes.push(
        `Moodle XML không chứa được câu Đúng/Sai nhiều ý, câu trắc nghiệm dưới hai phương án, và câu trả lời ngắn có dấu “*” hoặc có sai số bên cạnh một đáp án không phải số: bỏ qua các câu ${list(moodle.skipped)}; hãy xuất --format json để giữ đủ.`,
      );
    }
    if (moodle.changed.length > 0) {
      notes.push(
        `Các câu ${list(moodle.changed)} có ảnh cùng dấu cách hay tab mà HTML không giữ được: nhập lại sẽ thấy chúng khác đi đôi chút.`,
      );
    }
    if (moodle.withoutReference.length > 0) {
      notes.push(
        `Moodle XML không có chỗ cho liên kết tham khảo: các câu ${list(moodle.withoutReference)} mất liên kết này.`,
      );
    }
    return { text: moodle.text, notes };
  }
  const shown = pictureHashesIn(JSON.stringify(practice.questions)).length;
  if (shown > 0) {
    notes.push(
      `${format === "gift" ? "GIFT" : "Aiken"} không chứa được ảnh: ${shown} ảnh của đề chỉ được ghi dưới dạng ![…](picture:…); hãy xuất --format json hoặc moodle-xml để mang theo ảnh.`,
    );
  }
  if (format === "gift") {
    const gift = writeGift(practice.questions, chapters);
    if (gift.skipped.length > 0) {
      notes.push(
        `GIFT không chứa được câu Đúng/Sai nhiều ý hay câu trắc nghiệm dưới hai phương án: bỏ qua các câu ${gift.skipped.join(", ")}; hãy xuất --format json để giữ đủ.`,
      );
    }
    return { text: gift.text, notes };
  }
  const aiken = writeAiken(practice.questions);
  if (aiken.skipped.length > 0) {
    notes.push(
      `Aiken chỉ chứa câu trắc nghiệm có đúng một đáp án đúng: bỏ qua các câu ${aiken.skipped.join(", ")}.`,
    );
  }
  return { text: aiken.text, notes };
}
