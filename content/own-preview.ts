import type { BankQuestion, ParsedQuestions, Problem } from "./formats/types.ts";
import { parseOwnText, type OwnTextInput } from "./parse-own-text.ts";
import { renderRichText, type PictureCatalog } from "./rich-text.ts";

/**
 * What the editor of "Tạo đề của tôi" shows beside the text: every question rendered exactly as
 * the importer stores it for the room (content/rich-text.ts: KaTeX, code blocks, everything
 * else escaped), its keys marked, and every problem at its line.
 */
interface PreviewOption {
  html: string;
  /** A key; a Đúng/Sai statement that is true; a short answer's accepted answer (always). */
  isKey: boolean;
  /** A short answer's accepted answer, numeric: how far a typed number may be from it. */
  tolerance?: number;
}

export interface PreviewQuestion {
  number: number;
  /** As the room asks it (ADR 0022): picked answers, Đúng/Sai statements, or a typed answer. */
  kind: "choice" | "true_false" | "short_answer";
  line: number | null;
  chapter: string | null;
  textHtml: string;
  answers: PreviewOption[];
  keyCount: number;
  explanationHtml: string | null;
}

export interface PreviewProblem {
  line: number;
  message: string;
  severity: "error" | "warning";
}

export interface OwnPreview {
  questions: PreviewQuestion[];
  problems: PreviewProblem[];
  chapterCount: number;
}

export function previewOwnText(input: OwnTextInput): OwnPreview {
  const { parsed, problems } = parseOwnText(input);
  const pictures = new Map((input.pictures ?? []).map((picture) => [picture.hash, picture]));
  return {
    questions: parsed ? renderPreviewQuestions(parsed, pictures) : [],
    problems: problems.map(toPreviewProblem),
    chapterCount: parsed?.chapters.length ?? 0,
  };
}

export function toPreviewProblem(problem: Problem): PreviewProblem {
  return { line: problem.line ?? 1, message: problem.message, severity: problem.severity };
}

function renderPreviewQuestions(
  parsed: ParsedQuestions,
  pictures: PictureCatalog,
): PreviewQuestion[] {
  return parsed.questions.map((question, index) =>
    renderQuestion(parsed, question, index, pictures),
  );
}

function renderQuestion(
  parsed: ParsedQuestions,
  question: BankQuestion,
  index: number,
  pictures: PictureCatalog,
): PreviewQuestion {
  const keys = question.answers.filter((answer) => answer.key).length;
  return {
    number: index + 1,
    kind: question.kind ?? "choice",
    line: question.line ?? null,
    chapter:
      question.chapter === undefined ? null : (parsed.chapters[question.chapter]?.title ?? null),
    textHtml: renderRichText(question.text, pictures),
    answers: question.answers.map((answer) => ({
      html: renderRichText(answer.text, pictures),
      isKey: answer.key,
      ...(answer.tolerance ? { tolerance: answer.tolerance } : {}),
    })),
    // As the importer stores it: "any one of several keys" is picked like a single key.
    keyCount: question.kind ? 0 : question.anyKey === true && keys > 1 ? 1 : keys,
    explanationHtml: question.explanation ? renderRichText(question.explanation, pictures) : null,
  };
}
