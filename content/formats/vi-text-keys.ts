import { MARK, type MarkName } from "./key-marks.ts";
import type { BankQuestion } from "./types.ts";
import {
  type ProblemLog,
  applyKeyLetters,
  letterOf,
  readKeyLetters,
  reportKeyError,
  reportWarning,
} from "./validate-questions.ts";

/*
 * One rule for "which answer is the key", for pasted text and Word alike (ADR 0020): a key line
 * ("Đáp án: B"), else the key table after the questions, else a solution's "Chọn B", else the one
 * mark the document uses to single out answers. Whatever else names a key and disagrees is a
 * warning at the question, naming both.
 */

/** On a tie, the more common convention of Vietnamese banks wins. */
const MARK_ORDER: MarkName[] = ["underline", "colour", "highlight", "bold", "star", "correctNote"];

/** How a mark reads in a sentence: "được gạch chân", "bằng cách gạch chân"… */
const MARK_PHRASES: Record<MarkName, { marked: string; by: string; fix: string }> = {
  underline: {
    marked: "được gạch chân",
    by: "bằng cách gạch chân",
    fix: "gạch chân phương án đúng",
  },
  colour: {
    marked: "được tô màu chữ",
    by: "bằng cách tô màu chữ",
    fix: "tô màu chữ phương án đúng",
  },
  bold: { marked: "được in đậm", by: "bằng cách in đậm", fix: "in đậm phương án đúng" },
  highlight: { marked: "được tô nền", by: "bằng cách tô nền", fix: "tô nền phương án đúng" },
  star: {
    marked: "có dấu “*” trước chữ cái",
    by: "bằng dấu “*” trước chữ cái",
    fix: "đặt dấu “*” trước chữ cái của phương án đúng",
  },
  correctNote: {
    marked: "có ghi “(đúng)”",
    by: "bằng cách ghi “(đúng)” sau phương án",
    fix: "ghi “(đúng)” sau phương án đúng",
  },
};

interface KeyedAnswer {
  flags: number;
}

export interface KeyDraft {
  /** The question's number as the document writes it ("Câu 3" → 3). */
  written: number;
  /** 1-based position among the questions, as problems count them. */
  position: number;
  line: number;
  answers: KeyedAnswer[];
  keyLine?: { raw: string; line: number; text: string };
  table?: { letters: string[]; line: number };
  solution?: { letters: string[]; line: number };
}

type Source =
  | { kind: "line"; letters: string[]; text: string; line: number }
  | { kind: "table" | "solution"; letters: string[]; line: number }
  | { kind: "mark"; letters: string[]; mark: MarkName };

/**
 * The mark that singles out answers (not every answer of one) in most questions, or else in most
 * of those no key line or table gives a key for; null if none does.
 */
export function chooseDocumentMark(drafts: readonly KeyDraft[]): MarkName | null {
  const questions = drafts.filter((draft) => draft.answers.length >= 2);
  const unkeyed = questions.filter((draft) => !draft.keyLine && !draft.table && !draft.solution);
  // One question alone is too little to tell a key mark from emphasis.
  return markOfMost(questions) ?? (unkeyed.length >= 2 ? markOfMost(unkeyed) : null);
}

function markOfMost(questions: readonly KeyDraft[]): MarkName | null {
  let best: { mark: MarkName; count: number } | null = null;
  for (const mark of MARK_ORDER) {
    let singles = 0;
    let everyAnswer = 0;
    for (const draft of questions) {
      const marked = markedLetters(draft, mark).length;
      if (marked === draft.answers.length) everyAnswer += 1;
      else if (marked > 0) singles += 1;
    }
    const most = singles * 2 >= questions.length && singles > everyAnswer;
    if (most && singles > (best?.count ?? 0)) best = { mark, count: singles };
  }
  return best?.mark ?? null;
}

function markedLetters(draft: KeyDraft, mark: MarkName): string[] {
  return draft.answers.flatMap((answer, index) =>
    (answer.flags & MARK[mark]) !== 0 ? [letterOf(index)] : [],
  );
}

/** The letters one mark names in a question, when it singles some out. */
function markSource(draft: KeyDraft, mark: MarkName): Source | null {
  const letters = markedLetters(draft, mark);
  const singles = letters.length > 0 && letters.length < draft.answers.length;
  return singles ? { kind: "mark", letters, mark } : null;
}

interface KeyOutcome {
  /** The letters came from a mark: the Word path writes them as a key line. */
  fromMark: string[] | null;
  found: boolean;
}

/** Sets the question's keys by the rule above, reporting disagreements and a missing key. */
export function resolveKeys(
  question: BankQuestion,
  draft: KeyDraft,
  document: DocumentKeys,
  log: ProblemLog,
): KeyOutcome {
  const documentMark = document.mark;
  const explicit = explicitSources(draft);
  const marks = (["star", "correctNote", ...(documentMark ? [documentMark] : [])] as MarkName[])
    .filter((mark, index, all) => all.indexOf(mark) === index)
    .flatMap((mark) => markSource(draft, mark) ?? []);
  const primary = explicit[0];
  if (primary) {
    applyPrimary(question, draft, primary, log);
    for (const other of [...explicit.slice(1), ...marks])
      warnIfDifferent(draft, primary, other, log);
    return { fromMark: null, found: true };
  }
  const chosen = documentMark ? markSource(draft, documentMark) : null;
  if (chosen) {
    for (const letter of chosen.letters) question.answers[letter.charCodeAt(0) - 65]!.key = true;
    for (const other of marks) warnIfDifferent(draft, chosen, other, log);
    return { fromMark: chosen.letters, found: true };
  }
  reportMissingKey(draft, document, log);
  return { fromMark: null, found: false };
}

function explicitSources(draft: KeyDraft): Source[] {
  const sources: Source[] = [];
  const keyLine = draft.keyLine;
  if (keyLine) {
    const letters = readKeyLetters(keyLine.raw) ?? [];
    sources.push({ kind: "line", letters, text: keyLine.text, line: keyLine.line });
  }
  if (draft.table) sources.push({ kind: "table", ...draft.table });
  if (draft.solution) sources.push({ kind: "solution", ...draft.solution });
  return sources;
}

function applyPrimary(question: BankQuestion, draft: KeyDraft, primary: Source, log: ProblemLog) {
  if (primary.kind === "mark") return;
  const raw = primary.kind === "line" ? draft.keyLine!.raw : primary.letters.join(", ");
  applyKeyLetters(question, raw, log, draft.position, primary.line);
  if (primary.kind === "line" && /\shoặc\s/iu.test(raw) && primary.letters.length > 1) {
    question.anyKey = true;
  }
}

function warnIfDifferent(draft: KeyDraft, primary: Source, other: Source, log: ProblemLog): void {
  if (primary.letters.length === 0 || other.letters.length === 0) return;
  if ([...primary.letters].sort().join() === [...other.letters].sort().join()) return;
  const message = `Câu ${draft.written}: ${describe(primary)} khác với ${describe(other)}; ${followed(primary)}`;
  reportWarning(log, draft.line, message, draft.position);
}

function describe(source: Source): string {
  const letters = source.letters.join(", ");
  switch (source.kind) {
    case "line":
      return `dòng “${source.text}”`;
    case "table":
      return `bảng đáp án ghi “${letters}” (dòng ${source.line})`;
    case "solution":
      return `lời giải “Chọn ${letters}” (dòng ${source.line})`;
    case "mark":
      return `phương án ${letters} ${MARK_PHRASES[source.mark].marked}`;
  }
}

function followed(source: Source): string {
  const letters = source.letters.join(", ");
  switch (source.kind) {
    case "line":
      return `dùng “${source.text}”`;
    case "table":
      return `dùng “${letters}” của bảng đáp án`;
    case "solution":
      return `dùng “Chọn ${letters}” của lời giải`;
    case "mark":
      return `dùng phương án ${letters}`;
  }
}

/** How the document's other questions give their keys, to teach the missing one in kind. */
export interface DocumentKeys {
  mark: MarkName | null;
  /** The label of the first key line ("Đáp án: ", "ĐA: ", "Chọn "), if any. */
  keyLabel: string | null;
  /** The first line of the key table, if any. */
  tableLine: number | null;
}

/** The documents' key lines' label: "ĐA: B" → "ĐA: ". */
export function keyLabelOf(text: string, raw: string): string | null {
  const at = text.lastIndexOf(raw.trim());
  return raw.trim() !== "" && at > 0 ? text.slice(0, at) : null;
}

/** What was looked for and how to add it, in the student's own layout. */
function reportMissingKey(draft: KeyDraft, document: DocumentKeys, log: ProblemLog): void {
  const count = draft.answers.length;
  if (count === 0) {
    // The missing answers are the problem to report; a key cannot be checked against nothing.
    log.keyReported.add(draft.position);
    return;
  }
  const example = letterOf(Math.min(1, count - 1));
  const label = document.keyLabel ?? "Đáp án: ";
  const addLine = `thêm dòng “${label}${example}” ngay dưới phương án ${letterOf(count - 1)}`;
  const number = draft.written;
  let message: string;
  if (document.mark) {
    const { by, fix, marked } = MARK_PHRASES[document.mark];
    const all = markedLetters(draft, document.mark).length === count;
    const here = all
      ? `câu này có mọi phương án ${marked}`
      : `câu này không có phương án nào ${marked}`;
    message = `Câu ${number} chưa có đáp án: các câu khác đánh dấu đáp án ${by}, ${here}. Hãy ${fix}, hoặc ${addLine}.`;
  } else if (document.tableLine !== null) {
    message = `Câu ${number} chưa có đáp án: bảng đáp án (dòng ${document.tableLine}) không ghi câu ${number}. Hãy thêm “${number}.${example}” vào bảng, hoặc ${addLine}.`;
  } else if (document.keyLabel !== null) {
    message = `Câu ${number} chưa có đáp án: các câu khác có dòng “${label.trimEnd()} …”, câu này không có. Hãy ${addLine}.`;
  } else {
    message = `Câu ${number} chưa có đáp án: không thấy dòng “Đáp án: …”, bảng đáp án hay phương án được đánh dấu. Hãy ${addLine}.`;
  }
  reportKeyError(log, draft.line, message, draft.position);
}

/** Said once when a pasted text has no key at all: the marks of Word are lost in a copy. */
export const COPIED_TEXT_ADVICE =
  "Nếu trong Word đáp án được gạch chân, tô màu hay in đậm, hãy tải lên chính tệp .docx: khi sao chép chữ, định dạng bị mất.";
