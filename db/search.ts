import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { phraseOf } from "#base/search.ts";
import { cardColumns, toCard, type SuggestedPractice } from "./catalogue.ts";
import { OWN_SUBJECT_CODE } from "./own-practices.ts";
import type { DB, StoredAnswer } from "./schema.ts";

/**
 * The reads of the home page's search (issue 28). Only public practices (`hidden = 0`, never a
 * student's own) and live question revisions (`retired = 0`) are searched. The words come
 * folded and expanded from base/search.ts `searchTerms`; this module only reads.
 */

/** A live question that matched, with the practice (and chapter) that holds it. */
export interface QuestionHit {
  id: number;
  /** 0-based position in its practice. */
  idx: number;
  chapterIdx: number | null;
  chapterTitle: string | null;
  /** The source text (our format), and the answers' texts in source order. */
  text: string;
  answers: string[];
  practice: {
    code: string;
    title: string;
    questionCount: number;
    chapterCount: number;
    subjectName: string;
  };
}

/** `LIKE`'s escape character: a word's own "!", "%" and "_" are matched as themselves. */
const ESCAPE = "!";

function escapeLike(word: string): string {
  return word.replace(/[!%_]/g, (char) => ESCAPE + char);
}

/** Whether the folded search text holds one of a word's alternatives, anywhere or in the question's own text. */
function holdsOneOf(alternatives: readonly string[], where: "anywhere" | "question") {
  // search_text is " <question's words> \n <answers' words> ", with that one line break, and
  // each alternative carries its spaces (base/search.ts): " con " is the whole word.
  const tail = where === "question" ? "%\n%" : "%";
  return sql.join(
    alternatives.map(
      (word) => sql<SqlBool>`question.search_text like ${`%${escapeLike(word)}${tail}`} escape '!'`,
    ),
    sql` or `,
  );
}

/**
 * Live questions of public practices holding every word (one `LIKE` per alternative of each
 * word: a scan of the live questions, which the sample content answers in milliseconds). Those
 * whose own text holds the words side by side come first, then those whose text holds more of
 * them, then in catalogue order.
 */
export async function searchQuestions(
  db: Kysely<DB>,
  { terms, limit }: { terms: readonly (readonly string[])[]; limit: number },
): Promise<QuestionHit[]> {
  if (terms.length === 0) return [];
  // The words side by side, as typed ("con trỏ", not "con đường … trở lại"), count for more
  // than every word of the question's own text (twice in it, once in an answer), which count
  // for more than some of them.
  const phrase = phraseOf(terms);
  const rank = sql.join(
    [
      ...(phrase
        ? (["question", "anywhere"] as const).map(
            (where) =>
              sql`case when ${holdsOneOf([phrase], where)} then ${terms.length + 1} else 0 end`,
          )
        : []),
      ...terms.map(
        (alternatives) => sql`case when ${holdsOneOf(alternatives, "question")} then 1 else 0 end`,
      ),
    ],
    sql` + `,
  );
  let query = db
    .selectFrom("question")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .leftJoin("chapter", (join) =>
      join
        .onRef("chapter.practice_id", "=", "question.practice_id")
        .onRef("chapter.idx", "=", "question.chapter_idx"),
    )
    .select([
      "question.id",
      "question.idx",
      "question.chapter_idx",
      "question.text",
      "question.answers",
      "chapter.title as chapter_title",
      "practice.code as practice_code",
      "practice.title as practice_title",
      "practice.question_count",
      "practice.chapter_count",
      "subject.name as subject_name",
    ])
    .where("question.retired", "=", 0)
    .where("practice.hidden", "=", 0)
    .where("subject.code", "!=", OWN_SUBJECT_CODE);
  for (const alternatives of terms) {
    query = query.where(
      sql<SqlBool>`(${holdsOneOf(alternatives, "anywhere")})` as Expression<SqlBool>,
    );
  }
  const rows = await query
    .orderBy(sql`(${rank}) desc`)
    .orderBy("subject.sort_order")
    .orderBy("practice.sort_order")
    .orderBy("practice.id")
    .orderBy("question.idx")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    idx: row.idx,
    chapterIdx: row.chapter_idx,
    chapterTitle: row.chapter_title ?? null,
    text: row.text,
    answers: (JSON.parse(row.answers) as StoredAnswer[]).map((answer) => answer.text),
    practice: {
      code: row.practice_code,
      title: row.practice_title,
      questionCount: row.question_count,
      chapterCount: row.chapter_count,
      subjectName: row.subject_name,
    },
  }));
}

export interface SearchablePractice extends SuggestedPractice {
  subjectKeywords: string;
}

/**
 * Every public practice with its subject's name and keywords, in catalogue order: what the
 * search matches practices against (a catalogue has tens of them, not thousands).
 */
export async function listSearchablePractices(db: Kysely<DB>): Promise<SearchablePractice[]> {
  const rows = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([
      ...cardColumns,
      "subject.name as subject_name",
      "subject.keywords as subject_keywords",
    ])
    .where("practice.hidden", "=", 0)
    .where("subject.code", "!=", OWN_SUBJECT_CODE)
    .orderBy("subject.sort_order")
    .orderBy("subject.name")
    .orderBy("practice.sort_order")
    .orderBy("practice.title")
    .execute();
  return rows.map((row) => ({
    ...toCard(row),
    subjectName: row.subject_name,
    subjectKeywords: row.subject_keywords,
  }));
}
