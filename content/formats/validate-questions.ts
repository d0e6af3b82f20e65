import { checkKindRules } from "./kind-rules.ts";
import type { BankChapter, BankQuestion, ParseResult, ParsedQuestions, Problem } from "./types.ts";

/**
 * Checks every format shares, plus the small helpers the parsers use to report problems the
 * same way. Question numbers in problems are 1-based positions among the questions a parser
 * returns (skipped, unsupported items are not counted), so they match what an import preview shows.
 */

export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 8;
const NO_KEY_MESSAGE = "Câu hỏi không có đáp án đúng";

export function letterOf(index: number): string {
  return String.fromCharCode(65 + index);
}

function indexOfLetter(letter: string): number {
  return letter.toUpperCase().charCodeAt(0) - 65;
}

/** "A–D" for four answers, "A" for one. */
export function describeLetters(count: number): string {
  return count <= 1 ? "A" : `A–${letterOf(count - 1)}`;
}

function unknownKeyMessage(letter: string, answerCount: number): string {
  return `Đáp án “${letter}” không có trong các phương án ${describeLetters(answerCount)}`;
}

const EMPTY_KEY_MESSAGE =
  "Chưa ghi đáp án: hãy ghi chữ cái của phương án đúng, ví dụ “B” hoặc “A, C”";

function unreadableKeyMessage(raw: string): string {
  return `Không đọc được đáp án “${raw}”: hãy ghi chữ cái của phương án, ví dụ “B” hoặc “A, C”`;
}

/**
 * Key letters from "B", "A, C", "A;C", "A và C", "B hoặc C", "AC", "B. 3,5" (the letters only): a teacher often
 * repeats the answer after its letter. Undefined when the text does not start with letters.
 */
export function readKeyLetters(raw: string): string[] | undefined {
  const cleaned = raw.replace(/^[\s"'“”‘’*_([]+/u, "");
  const match =
    /^[A-H](?:(?:\s*[,;&+/]\s*|\s+(?:và|hoặc)\s+|\s*)[A-H])*(?=$|[\s.,;:)\]"'”’*_])/iu.exec(
      cleaned,
    );
  if (!match) return undefined;
  const letters = match[0].replace(/\s(?:và|hoặc)\s/giu, ",");
  return (letters.match(/[A-H]/giu) ?? []).map((letter) => letter.toUpperCase());
}

/** Collects a parser's own problems; `keyReported` avoids a second "no key" for the same question. */
export interface ProblemLog {
  file: string;
  problems: Problem[];
  keyReported: Set<number>;
}

export function createProblemLog(file: string): ProblemLog {
  return { file, problems: [], keyReported: new Set() };
}

export function reportError(
  log: ProblemLog,
  line: number | undefined,
  message: string,
  question?: number,
): void {
  log.problems.push(locate({ file: log.file, message, severity: "error" }, line, question));
}

export function reportWarning(
  log: ProblemLog,
  line: number | undefined,
  message: string,
  question?: number,
): void {
  log.problems.push(locate({ file: log.file, message, severity: "warning" }, line, question));
}

/** `kind` is a Vietnamese name ("trả lời ngắn") or the format's own, quoted ("“ddwtos”"). */
export function skippedTypeMessage(kind: string): string {
  return `Bỏ qua câu hỏi dạng ${kind} vì chưa được hỗ trợ`;
}

export function reportKeyError(
  log: ProblemLog,
  line: number | undefined,
  message: string,
  question: number,
): void {
  log.keyReported.add(question);
  reportError(log, line, message, question);
}

/**
 * Marks the answers named by a key line ("B", "A, C") as keys, reporting letters that are
 * unreadable or name no answer.
 */
export function applyKeyLetters(
  question: BankQuestion,
  raw: string,
  log: ProblemLog,
  number: number,
  line: number | undefined,
): void {
  if (question.answers.length === 0) {
    // The missing answers are the problem to report; a key cannot be checked against nothing.
    log.keyReported.add(number);
    return;
  }
  if (raw.trim() === "") {
    reportKeyError(log, line, EMPTY_KEY_MESSAGE, number);
    return;
  }
  const letters = readKeyLetters(raw);
  if (!letters) {
    reportKeyError(log, line, unreadableKeyMessage(raw.trim()), number);
    return;
  }
  for (const letter of letters) {
    const answer = question.answers[indexOfLetter(letter)];
    if (answer) answer.key = true;
    else reportKeyError(log, line, unknownKeyMessage(letter, question.answers.length), number);
  }
}

function locate(problem: Problem, line: number | undefined, question: number | undefined): Problem {
  if (line !== undefined) problem.line = line;
  if (question !== undefined) problem.question = question;
  return problem;
}

/**
 * Moodle allows two questions with one title (GIFT "::title::", XML <idnumber> across
 * categories), but we match re-imports by id: a shared one would link different questions as
 * revisions of each other. Such questions lose their id (a warning), and a re-import matches
 * them by content.
 */
function dropDuplicateIds(questions: BankQuestion[], log: ProblemLog): void {
  const byId = new Map<string, number[]>();
  questions.forEach((question, index) => {
    if (question.id !== undefined) byId.set(question.id, [...(byId.get(question.id) ?? []), index]);
  });
  for (const [id, indexes] of byId) {
    if (indexes.length < 2) continue;
    const lines = indexes.map((index) => questions[index]?.line ?? index + 1);
    for (const index of indexes) {
      const question = questions[index]!;
      const others = lines.filter((line) => line !== question.line).join(", ");
      reportWarning(
        log,
        question.line,
        `Tiêu đề “${id}” trùng với câu ở dòng ${others}: khi nhập lại, câu này được nhận ra theo nội dung thay vì theo tiêu đề`,
        index + 1,
      );
      delete question.id;
    }
  }
}

/** Runs the shared checks and returns everything in file order. */
export function finishParse(
  parsed: ParsedQuestions,
  log: ProblemLog,
): ParseResult<ParsedQuestions> {
  dropDuplicateIds(parsed.questions, log);
  const shared = validateQuestions(parsed.questions, parsed.chapters, log.file).filter(
    (problem) =>
      !(
        (problem.message === NO_KEY_MESSAGE || KIND_COUNT_MESSAGES.test(problem.message)) &&
        problem.question !== undefined &&
        log.keyReported.has(problem.question)
      ),
  );
  return { value: parsed, problems: sortByLine([...log.problems, ...shared]) };
}

function sortByLine(problems: Problem[]): Problem[] {
  return problems
    .map((problem, order) => ({ problem, order }))
    .sort((a, b) => (a.problem.line ?? 0) - (b.problem.line ?? 0) || a.order - b.order)
    .map(({ problem }) => problem);
}

/** The index of the chapter with this title, added at the end the first time it is seen. */
export function chapterIndex(chapters: BankChapter[], title: string): number {
  const found = chapters.findIndex((chapter) => chapter.title === title);
  if (found >= 0) return found;
  chapters.push({ title });
  return chapters.length - 1;
}

export function validateQuestions(
  questions: BankQuestion[],
  chapters: BankChapter[],
  file: string,
): Problem[] {
  return questions.flatMap((question, index) =>
    checkQuestion(question, chapters).map((message) => {
      const problem: Problem = { file, question: index + 1, message, severity: "error" };
      if (question.line !== undefined) problem.line = question.line;
      return problem;
    }),
  );
}

function checkQuestion(question: BankQuestion, chapters: BankChapter[]): string[] {
  return [
    ...checkText(question),
    // A Đúng/Sai question's statements and a short answer's accepted answers are counted by
    // their own rules (kind-rules.ts); a Đúng/Sai question may have no true statement, and
    // every accepted answer is a key.
    ...(question.kind ? [] : checkAnswerCount(question)),
    ...checkAnswerTexts(question),
    ...(question.kind ? [] : checkKeys(question)),
    ...checkKindRules(question),
    ...checkChapter(question, chapters),
    ...checkReference(question),
  ];
}

/**
 * The reference becomes a link students click: only a web address, in every format (a
 * `javascript:`, `data:` or `vbscript:` link would run or show whatever the file's author
 * chose; a relative one would point into this site).
 */
function checkReference(question: BankQuestion): string[] {
  if (question.reference === undefined) return [];
  return isWebLink(question.reference)
    ? []
    : [
        `Liên kết tham khảo “${question.reference.slice(0, 80)}” không hợp lệ: chỉ nhận địa chỉ web bắt đầu bằng http:// hoặc https://`,
      ];
}

/** An absolute http(s) URL, as a browser would read it. */
function isWebLink(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function checkText(question: BankQuestion): string[] {
  return question.text.trim() === "" ? ["Câu hỏi không có nội dung"] : [];
}

/** A kind's missing answers, said already by the parser that refused its key. */
const KIND_COUNT_MESSAGES =
  /^(?:Câu trả lời ngắn không có đáp số nào|Câu Đúng\/Sai chỉ có \d+ ý;)/u;

function checkAnswerCount(question: BankQuestion): string[] {
  const count = question.answers.length;
  if (count === 0) return [`Câu hỏi không có phương án nào; cần từ 2 đến ${MAX_ANSWERS} phương án`];
  if (count < MIN_ANSWERS) {
    return [`Câu hỏi chỉ có ${count} phương án; cần từ 2 đến ${MAX_ANSWERS} phương án`];
  }
  if (count > MAX_ANSWERS) {
    return [`Câu hỏi có ${count} phương án; tối đa là ${MAX_ANSWERS} phương án`];
  }
  return [];
}

function checkAnswerTexts(question: BankQuestion): string[] {
  // Accepted answers alike ("Paris", "paris") accept the same responses: harmless.
  if (question.kind === "short_answer") return [];
  const messages: string[] = [];
  const seen = new Map<string, number>();
  question.answers.forEach((answer, index) => {
    const normalised = normaliseAnswer(answer.text);
    if (normalised === "") {
      messages.push(`Phương án ${letterOf(index)} để trống`);
      return;
    }
    const first = seen.get(normalised);
    if (first === undefined) seen.set(normalised, index);
    else messages.push(`Phương án ${letterOf(index)} trùng với phương án ${letterOf(first)}`);
  });
  return messages;
}

/**
 * Equal for a student: same letters after Unicode normalisation, spacing aside, and case aside
 * unless the answer holds code (`ff` and `FF` are different answers in C, as are SQL results).
 */
function normaliseAnswer(text: string): string {
  const spaced = text.normalize("NFC").trim().replace(/\s+/gu, " ");
  return spaced.includes("`") ? spaced : spaced.toLocaleLowerCase("vi");
}

function checkKeys(question: BankQuestion): string[] {
  return question.answers.some((answer) => answer.key) ? [] : [NO_KEY_MESSAGE];
}

function checkChapter(question: BankQuestion, chapters: BankChapter[]): string[] {
  const chapter = question.chapter;
  if (chapter === undefined) {
    return chapters.length > 0
      ? ["Câu hỏi không thuộc chương nào trong khi tệp có chia chương"]
      : [];
  }
  if (Number.isInteger(chapter) && chapter >= 0 && chapter < chapters.length) return [];
  if (chapters.length === 0) {
    return [`Câu hỏi thuộc chương ${chapter + 1} nhưng tệp không có chương nào`];
  }
  return [`Câu hỏi thuộc chương ${chapter + 1} nhưng tệp chỉ có ${chapters.length} chương`];
}
