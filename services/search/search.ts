import type { Kysely } from "kysely";
import { SEARCH_MAX_PRACTICES, SEARCH_MAX_QUESTIONS } from "#base/limits.ts";
import {
  foldForSearch,
  halfTyped,
  holdsTerms,
  phraseOf,
  searchTerms,
  searchTooLong,
} from "#base/search.ts";
import { plainText } from "#content/plain-text.ts";
import type { SuggestedPractice } from "#db/catalogue.ts";
import type { DB } from "#db/schema.ts";
import {
  listSearchablePractices,
  searchQuestions,
  type QuestionHit,
  type SearchablePractice,
} from "#db/search.ts";
import { listSubjects, type SubjectSummary } from "#db/subjects.ts";

/**
 * The home page's search (issue 28): subjects, public practices and live questions that hold
 * every word of the query, typed without diacritics or as a common abbreviation (base/search.ts).
 */

interface SubjectHit {
  code: string;
  name: string;
  practiceCount: number;
}

/** A found question as the page shows it: plain text around the first word found. */
interface QuestionResult extends Omit<QuestionHit, "text" | "answers"> {
  snippet: string;
  /** The answer that holds a word the question's text does not; null when the text holds all. */
  matchedAnswer: string | null;
}

export type CatalogueSearch =
  | { status: "tooLong" }
  | {
      status: "done";
      subjects: SubjectHit[];
      practices: SuggestedPractice[];
      questions: QuestionResult[];
      /** More questions matched than are listed (SEARCH_MAX_QUESTIONS). */
      moreQuestions: boolean;
    };

type Found = Extract<CatalogueSearch, { status: "done" }>;

const NOTHING: Found = {
  status: "done",
  subjects: [],
  practices: [],
  questions: [],
  moreQuestions: false,
};

/**
 * Whole words first; when they find nothing, the last word as the start of one, as it may be
 * half typed ("con tr"): "con tro" then lists the pointers, not every "con" with a "trong".
 */
export async function searchCatalogue(db: Kysely<DB>, query: string): Promise<CatalogueSearch> {
  if (searchTooLong(query)) return { status: "tooLong" };
  const terms = searchTerms(query);
  if (terms.length === 0) return NOTHING;
  const [subjects, practices] = await Promise.all([listSubjects(db), listSearchablePractices(db)]);
  const catalogue = { subjects, practices };
  const whole = await findWith(db, terms, catalogue);
  const loose = halfTyped(terms);
  if (!isEmpty(whole) || !loose) return whole;
  return findWith(db, loose, catalogue);
}

function isEmpty(found: Found): boolean {
  return found.subjects.length + found.practices.length + found.questions.length === 0;
}

async function findWith(
  db: Kysely<DB>,
  terms: string[][],
  catalogue: { subjects: SubjectSummary[]; practices: SearchablePractice[] },
): Promise<Found> {
  const hits = await searchQuestions(db, { terms, limit: SEARCH_MAX_QUESTIONS + 1 });
  const found = catalogue.practices.filter((p) =>
    holdsTerms(terms, [p.title, p.description, p.subjectName, p.subjectKeywords]),
  );
  // The words side by side in the title or description first, then every word in the title;
  // otherwise in catalogue order.
  const phrase = phraseOf(terms);
  const byTitle = (p: SuggestedPractice) =>
    (phrase && holdsTerms([[phrase]], [p.title, p.description]) ? 0 : 2) +
    (holdsTerms(terms, [p.title]) ? 0 : 1);
  return {
    status: "done",
    subjects: catalogue.subjects
      .filter((s) => holdsTerms(terms, [s.name, s.keywords, s.code]))
      .map(({ code, name, practiceCount }) => ({ code, name, practiceCount })),
    practices: found
      .sort((a, b) => byTitle(a) - byTitle(b))
      .slice(0, SEARCH_MAX_PRACTICES)
      .map(({ subjectKeywords: _keywords, ...practice }) => practice),
    questions: hits.slice(0, SEARCH_MAX_QUESTIONS).map((hit) => resultOf(hit, terms)),
    moreQuestions: hits.length > SEARCH_MAX_QUESTIONS,
  };
}

function resultOf({ text, answers, ...hit }: QuestionHit, terms: string[][]): QuestionResult {
  const plain = oneLine(plainText(text));
  const missing = terms.filter((alternatives) => !holdsTerms([alternatives], [plain]));
  const answer = missing.length
    ? answers.find((a) => missing.some((alternatives) => holdsTerms([alternatives], [a])))
    : undefined;
  return {
    ...hit,
    snippet: around(plain, terms),
    matchedAnswer: answer === undefined ? null : around(oneLine(plainText(answer)), []),
  };
}

const SNIPPET_LENGTH = 180;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * At most SNIPPET_LENGTH characters of `plain`, from a little before the first word found,
 * cut at spaces, with "…" where it was cut. The folded text has the same length as the text in
 * precomposed form (what the importer stores), so a position in one is one in the other.
 */
function around(plain: string, terms: string[][]): string {
  if (plain.length <= SNIPPET_LENGTH) return plain;
  const folded = foldForSearch(plain);
  const positions = terms
    .flat()
    .map((word) => folded.indexOf(word.trim()))
    .filter((at) => at >= 0);
  const first = positions.length ? Math.min(...positions) : 0;
  let start = Math.max(0, Math.min(first - 40, plain.length - SNIPPET_LENGTH));
  if (start > 0) start = plain.indexOf(" ", start) + 1 || start;
  let end = Math.min(plain.length, start + SNIPPET_LENGTH);
  if (end < plain.length && plain.lastIndexOf(" ", end) > start) end = plain.lastIndexOf(" ", end);
  return `${start > 0 ? "…" : ""}${plain.slice(start, end).trim()}${end < plain.length ? "…" : ""}`;
}
