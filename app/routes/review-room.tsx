import { useCallback } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { withResultNotes } from "#services/question-reports/result-notes.ts";
import type { RouteHandle } from "#app/root.tsx";
import { finishedAnswers, RoomScreen } from "#app/features/room/room-screen.tsx";
import { QuestionPlace } from "#app/features/room/question-tools.tsx";
import { ReviewSetup, type ReviewOf } from "#app/features/review/review-setup.tsx";
import { DEFAULT_REVIEW_TIME, parseReviewTime } from "#app/features/review/review-time.ts";
import { viReviewRoom } from "#app/i18n/vi/review-room.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { DocumentPayloadScript, useDocumentPayload } from "#app/lib/document-payload.tsx";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { newRoomIdentity } from "#app/lib/room-setup.ts";
import { retryWrongAddress } from "#app/lib/retry-wrong.ts";
import { findSubjectRowByCode, listRevisionsWithPractice } from "#db/catalogue.ts";
import { findOwnedPractice } from "#db/own-practices.ts";
import { findCards, type CardScope } from "#db/review-cards.ts";
import { MAX_REVIEW_QUESTIONS } from "#base/limits.ts";
import type { RoomConfig, RoomSummary, Seconds } from "#engine/types.ts";
import { isAttemptId } from "#engine/submission.ts";
import type { ReviewSubmission } from "#services/attempts/save-review-attempt.ts";
import {
  dueReviewQuestions,
  followRewordedQuestions,
  mayReviewQuestions,
} from "#services/review/review.ts";
import type { Route } from "./+types/review-room";
import { paths, REVIEW_OF_PARAM } from "#base/paths.ts";

/** The review room, like the practice room: nothing between the student and the question. */
export const handle: RouteHandle = { immersive: true };

const t = viReviewRoom;

/**
 * A review's config: one question at a time with the time per question the student chose
 * (20, 30, 50 s or none: review-time.ts) and the practice room's default 20 s on the result,
 * keys shown, answers shuffled so a remembered position is no help, questions in the server's
 * order (weakest memory first). The chosen time does not change the grades: the server grades a
 * right answer Hard past 20 s whatever it is (SLOW_ANSWER_SECONDS, engine/countdowns.ts), from
 * the seconds the room counted, so a longer time buys no easier grades.
 */
const REVIEW_CONFIG: Omit<RoomConfig, "seed" | "maxQuestionTime"> = {
  practiceType: "SEQUENCE",
  maxResultTime: 20,
  showQuestionKeyAfterQuestionEnd: true,
  showNotification: true,
  shuffleQuestions: false,
  shuffleAnswers: true,
};

/** Room storage checks this against what it stored; revisions never change, so one value. */
const CONTENT_VERSION = 1;

/** `q=12.40.7`: the revisions of this review, in order; null when malformed. */
function parseQuestionIds(value: string | null): number[] | null {
  if (!value || !/^\d{1,9}(\.\d{1,9}){0,49}$/.test(value)) return null;
  const ids = value.split(".").map(Number);
  return new Set(ids).size === ids.length && ids.length <= MAX_REVIEW_QUESTIONS ? ids : null;
}

/**
 * What a room's address says its review is of, for "Làm lại": a subject's code as the catalogue
 * writes them, or a practice's code; anything else is every subject.
 */
function parseReviewOf(
  params: URLSearchParams,
): { kind: "subject" | "practice"; code: string } | null {
  const subject = params.get(REVIEW_OF_PARAM.subject);
  if (subject !== null && /^[a-z0-9-]{1,120}$/.test(subject)) {
    return { kind: "subject", code: subject };
  }
  const practice = params.get(REVIEW_OF_PARAM.practice);
  if (practice !== null && /^[A-Za-z0-9_-]{1,120}$/.test(practice)) {
    return { kind: "practice", code: practice };
  }
  return null;
}

/**
 * The subject (`mon`) or the student's own practice (`de`) a new review is of, with the cards it
 * covers; null for every subject, a refusal when the address names one that is not there (an own
 * practice of another student is not there either).
 */
async function findReviewOf(
  db: Route.LoaderArgs["context"]["db"],
  userId: string,
  params: URLSearchParams,
): Promise<{ of: ReviewOf; scope: CardScope } | null | "noSubject" | "noPractice"> {
  const subjectCode = params.get(REVIEW_OF_PARAM.subject);
  if (subjectCode !== null) {
    const subject = await findSubjectRowByCode(db, subjectCode);
    if (!subject) return "noSubject";
    return {
      of: { kind: "subject", code: subject.code, name: subject.name },
      scope: { subjectId: subject.id },
    };
  }
  const practiceCode = params.get(REVIEW_OF_PARAM.practice);
  if (practiceCode === null) return null;
  const practice = await findOwnedPractice(db, userId, practiceCode);
  if (!practice) return "noPractice";
  return {
    of: { kind: "practice", code: practice.code, name: practice.title },
    scope: { practiceId: practice.id },
  };
}

function parseSeed(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const seed = Number(value);
  return seed <= 0xffffffff ? seed : null;
}

/**
 * /mistakes is the review's set-up: how many cards are due and the time per question.
 * /mistakes?time=30 starts a review: today's due cards (up to 50, weakest first) are fixed into
 * the URL with a new attempt id and seed, and the browser is sent there. That URL is the room: a
 * refresh rebuilds the same questions in the same order, whatever became due since, and the
 * stored progress is laid over it. The questions must still be the user's own cards, of
 * practices the user may still open. A time the review does not offer is a 400, in words; a
 * room address of before the choice existed (no `time`) keeps its 30 s.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const time = params.has("time") ? parseReviewTime(params.get("time")) : undefined;
  if (time === null) return data({ kind: "badTime" as const }, { status: 400 });
  const id = params.get("id");
  if (id === null) {
    // "Ôn môn này" / "Ôn đề này" (issue 30): `mon=<subject>` or `de=<own practice>` reviews
    // that one's cards alone.
    const found = await findReviewOf(context.db, user.id, params);
    if (found === "noSubject" || found === "noPractice") {
      return data({ kind: found }, { status: 404 });
    }
    const due = await dueReviewQuestions(context.db, user.id, new Date(), found?.scope);
    if (due.length === 0) return { kind: "none" as const };
    if (time === undefined)
      return { kind: "setup" as const, due: due.length, of: found?.of ?? null };
    const { attemptId, seed } = newRoomIdentity();
    const room = roomParams(attemptId, seed, due, time);
    // Kept in the room's address, so that "Làm lại" reviews the same one again.
    if (found) room.set(REVIEW_OF_PARAM[found.of.kind], found.of.code);
    throw redirect(paths.reviewRoom(room));
  }
  const ids = parseQuestionIds(params.get("q"));
  const seed = parseSeed(params.get("seed"));
  if (!isAttemptId(id) || !ids || seed === null) {
    return data({ kind: "changed" as const }, { status: 400 });
  }
  const retry = params.get("retry") === "1";
  if (retry) {
    // From the replay of a run made before a question was reworded: its card followed it.
    const followed = await followRewordedQuestions(context.db, user.id, ids);
    if (followed.some((qid, i) => qid !== ids[i]) || followed.length !== ids.length) {
      const moved = roomParams(id, seed, followed, time ?? DEFAULT_REVIEW_TIME);
      moved.set("retry", "1");
      throw redirect(paths.reviewRoom(moved));
    }
  }
  const [cards, revisions, mayOpen] = await Promise.all([
    findCards(context.db, user.id, ids),
    listRevisionsWithPractice(context.db, ids, user.id),
    mayReviewQuestions(context.db, user.id, ids),
  ]);
  // With how others answered each and their reports (issue 30).
  const byId = new Map(
    (await withResultNotes(context.db, user.id, revisions)).map((q) => [q.id, q]),
  );
  const questions = ids.flatMap((qid) => byId.get(qid) ?? []);
  // A practice the student may no longer open (ADR 0012) shows none of its questions.
  if (!mayOpen || cards.length !== ids.length || questions.length !== ids.length) {
    return data({ kind: "changed" as const }, { status: 404 });
  }
  // A page carries its questions as JSON beside the HTML, not in its loader data (ADR 0037).
  if (context.document) context.documentPayload = { value: questions };
  return {
    kind: "room" as const,
    attemptId: id.toLowerCase(),
    // "Ôn lại câu sai" (app/lib/retry-wrong.ts): a run over one run's mistakes, named as such.
    retry,
    /** "Ôn môn này" / "Ôn đề này": what this review is of, for "Làm lại"; null for every subject. */
    reviewOf: parseReviewOf(params),
    config: { ...REVIEW_CONFIG, maxQuestionTime: time ?? DEFAULT_REVIEW_TIME, seed },
    questions: context.document ? null : questions,
  };
}

/** The room's address: `?id=&seed=&q=<revision ids>&time=`. */
function roomParams(
  attemptId: string,
  seed: number,
  questionIds: readonly number[],
  time: Seconds,
): URLSearchParams {
  return new URLSearchParams({
    id: attemptId,
    seed: String(seed),
    q: questionIds.join("."),
    time: String(time),
  });
}

export const links: Route.LinksFunction = () => questionStylesheets;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

type ReviewRoomData = Extract<Route.ComponentProps["loaderData"], { kind: "room" }>;
type ReviewQuestion = NonNullable<ReviewRoomData["questions"]>[number];

export default function ReviewRoomPage({ loaderData }: Route.ComponentProps) {
  const sent = useDocumentPayload<ReviewQuestion[]>();
  if (loaderData.kind === "room") {
    const questions = loaderData.questions ?? sent;
    if (!questions) throw new Error("The review's page came without its questions");
    return (
      <>
        <DocumentPayloadScript />
        <ReviewRoom key={loaderData.attemptId} {...loaderData} questions={questions} />
      </>
    );
  }
  if (loaderData.kind === "setup") {
    return <ReviewSetup due={loaderData.due} of={loaderData.of} />;
  }
  return <ReviewStatus kind={loaderData.kind} />;
}

/**
 * Nothing due, a room that can no longer be rebuilt, a time the review does not offer, or a
 * subject or own practice that is not there.
 */
function ReviewStatus({
  kind,
}: {
  kind: "none" | "changed" | "badTime" | "noSubject" | "noPractice";
}) {
  const none = kind === "none";
  const [heading, text] = {
    none: [t.noneHeading, t.noneText],
    changed: [t.changedHeading, t.changedText],
    badTime: [t.badTimeHeading, t.badTimeText],
    noSubject: [t.noSubjectHeading, t.noSubjectText],
    noPractice: [t.noPracticeHeading, t.noPracticeText],
  }[kind];
  return (
    <section className="status-screen">
      <h1>{heading}</h1>
      <p>{text}</p>
      <p className="status-actions">
        {none ? null : (
          <Link className="button button-primary" to={paths.reviewRoom()}>
            {kind === "changed"
              ? t.startNew
              : kind === "noSubject" || kind === "noPractice"
                ? t.reviewAll
                : t.chooseAgain}
          </Link>
        )}
        <Link className={`button ${none ? "button-primary" : "button-secondary"}`} to="/">
          {t.toHome}
        </Link>
      </p>
    </section>
  );
}

function ReviewRoom({
  attemptId,
  config,
  questions,
  retry,
  reviewOf,
}: Omit<ReviewRoomData, "questions"> & { questions: ReviewQuestion[] }) {
  const navigate = useNavigate();
  const submissionOf = useCallback(
    (finished: RoomSummary): ReviewSubmission => ({
      type: "MISTAKES",
      id: attemptId,
      config,
      ...finishedAnswers(finished),
    }),
    [attemptId, config],
  );
  // "Làm lại": a new review of whatever is due now (the cards just answered have moved on), with
  // the same time per question, of the same subject when it was one subject's.
  const again = useCallback(
    () =>
      void navigate(
        paths.reviewRoom(
          new URLSearchParams({
            time: String(config.maxQuestionTime),
            ...(reviewOf ? { [REVIEW_OF_PARAM[reviewOf.kind]]: reviewOf.code } : {}),
          }),
        ),
      ),
    [navigate, config.maxQuestionTime, reviewOf],
  );
  // "Ôn lại câu sai": what this run got wrong comes again, with the same time per question,
  // until each is answered right once.
  const retryWrong = useCallback(
    (questionIds: number[]) =>
      void navigate(retryWrongAddress(questionIds, String(config.maxQuestionTime))),
    [navigate, config.maxQuestionTime],
  );
  const params = roomParams(
    attemptId,
    config.seed,
    questions.map((q) => q.id),
    config.maxQuestionTime,
  );
  if (retry) params.set("retry", "1");
  if (reviewOf) params.set(REVIEW_OF_PARAM[reviewOf.kind], reviewOf.code);
  const here = paths.reviewRoom(params);
  return (
    // Questions of several practices: reported by the student's cards, not by one address.
    <QuestionPlace.Provider value={REVIEW_PLACE}>
      <RoomScreen
        questions={questions}
        config={config}
        attemptId={attemptId}
        contentVersion={CONTENT_VERSION}
        title={retry ? t.retryTitle : t.title}
        label={retry ? t.retryLabel(questions.length) : t.label(questions.length)}
        submissionOf={submissionOf}
        onAgain={again}
        setupHref="/"
        setupText={t.toHome}
        summaryHeading={t.summaryHeading}
        loginHref={paths.login(here)}
        onRetryWrong={retryWrong}
      />
    </QuestionPlace.Provider>
  );
}

const REVIEW_PLACE = { address: null, signedIn: true, mayReport: true };
