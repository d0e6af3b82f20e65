import { Link } from "react-router";
import type { CatalogueSearch } from "#services/search/search.ts";
import { vi } from "#app/i18n/vi.ts";
import { selectionHolding, selectionParams } from "#app/lib/selection-links.ts";
import { paths } from "#base/paths.ts";
import { PracticeCardList } from "./practice-card.tsx";

const t = vi.search;

type Found = Extract<CatalogueSearch, { status: "done" }>;
type FoundQuestion = Found["questions"][number];

/**
 * What the search line says, in a polite live region that is always on the page (so a change
 * is announced): the counts, that nothing was found, or that the query is too long.
 */
export function SearchStatus({ query, search }: { query: string; search: CatalogueSearch | null }) {
  let text = "";
  if (search?.status === "tooLong") text = t.tooLong;
  else if (search) {
    const counts = {
      subjects: search.subjects.length,
      practices: search.practices.length,
      questions: search.questions.length,
      more: search.moreQuestions,
    };
    text =
      counts.subjects + counts.practices + counts.questions === 0
        ? t.nothing(query.trim())
        : t.found(counts);
  }
  return (
    <p className="search-status" role="status">
      {text}
    </p>
  );
}

/** The subjects, practices and questions found, each group under its own heading. */
export function SearchResults({ query, search }: { query: string; search: Found }) {
  const { subjects, practices, questions } = search;
  if (subjects.length + practices.length + questions.length === 0) return null;
  return (
    <section className="page search-results" aria-labelledby="search-heading">
      <h2 id="search-heading">{t.heading(query.trim())}</h2>
      {subjects.length > 0 ? (
        <section aria-labelledby="found-subjects">
          <h3 id="found-subjects">{t.subjects}</h3>
          <ul className="subject-chips">
            {subjects.map((subject) => (
              <li key={subject.code}>
                <Link className="subject-chip" to={paths.subject(subject.code)}>
                  <span className="tile-title">{subject.name}</span>
                  <span className="tile-meta">
                    {vi.pages.home.practiceCount(subject.practiceCount)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {practices.length > 0 ? (
        <section aria-labelledby="found-practices">
          <h3 id="found-practices">{t.practices}</h3>
          <PracticeCardList practices={practices} />
        </section>
      ) : null}
      {questions.length > 0 ? (
        <section aria-labelledby="found-questions">
          <h3 id="found-questions">{t.questions}</h3>
          <ul className="question-hits">
            {questions.map((question) => (
              <QuestionHit key={question.id} question={question} />
            ))}
          </ul>
          {search.moreQuestions ? <p className="muted">{t.more(questions.length)}</p> : null}
        </section>
      ) : null}
    </section>
  );
}

/** A found question: where it is, its text around the words, and a link to practise its part. */
function QuestionHit({ question }: { question: FoundQuestion }) {
  const { practice } = question;
  const selection = selectionHolding(question, practice);
  const label =
    selection.type === "PRACTICE_TIME_CHAPTER"
      ? t.practiseChapter
      : selection.type === "PRACTICE_TIME_RANGE"
        ? t.practiseRange(selection.start, selection.end)
        : t.practiseAll;
  const textId = `found-question-${question.id}`;
  return (
    <li className="card question-hit">
      <span className="card-kicker">
        {practice.subjectName} · {practice.title}
      </span>
      <p className="question-hit-text" id={textId}>
        {question.snippet}
      </p>
      {question.matchedAnswer ? (
        <p className="card-text">
          {t.matchedAnswer} {question.matchedAnswer}
        </p>
      ) : null}
      <span className="card-counts">
        <span>{t.questionNumber(question.idx + 1)}</span>
        {question.chapterIdx !== null && question.chapterTitle !== null ? (
          <span>{t.chapter(question.chapterIdx + 1, question.chapterTitle)}</span>
        ) : null}
      </span>
      <Link
        className="question-hit-link"
        to={paths.practiceSetup(practice.code, selectionParams(selection))}
        aria-describedby={textId}
      >
        {label}
      </Link>
    </li>
  );
}
