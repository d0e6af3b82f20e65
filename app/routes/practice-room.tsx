import { useCallback, useMemo } from "react";
import { data, Link, useNavigate } from "react-router";
import { withResultNotes } from "#services/question-reports/result-notes.ts";
import type { RouteHandle } from "#app/root.tsx";
import { DeviceExamClock, DeviceExamResult } from "#app/features/mock-exam/device-exam.tsx";
import { finishedAnswers, RoomScreen } from "#app/features/room/room-screen.tsx";
import { QuestionPlace } from "#app/features/room/question-tools.tsx";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import { getSessionUser, requireUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { DocumentPayloadScript, useDocumentPayload } from "#app/lib/document-payload.tsx";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "#app/lib/room-setup.ts";
import { fetchingAhead, roomDataFor } from "#app/lib/room-data-prefetch.ts";
import { retryWrongAddress } from "#app/lib/retry-wrong.ts";
import { parseRoomUrl, type RoomRequest } from "#app/lib/room-url.server.ts";
import { questionsForAddress } from "#app/lib/picture-address.server.ts";
import { selectionLabel } from "#base/selection-label.ts";
import {
  findPracticeForViewer,
  listPracticeQuestionsOfVersion,
  type QuestionView,
} from "#db/catalogue.ts";
import { configFields } from "#engine/room.ts";
import type { RoomSummary } from "#engine/types.ts";
import type { AttemptSubmission } from "#services/attempts/save-attempt.ts";
import { useSignedInUserId } from "#app/features/offline/signed-in-user.ts";
import type { Route } from "./+types/practice-room";
import { paths } from "#base/paths.ts";

/** The practice room: no footer and no snow, nothing between the student and the question. */
export const handle: RouteHandle = { immersive: true };

const t = viRoom;

/**
 * Everything the room needs comes from its URL (practice, selection, settings, seed, attempt
 * id) and the database, so the server renders the first question and a refresh rebuilds the
 * same room; the browser then lays its stored progress over it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const room = parseRoomUrl(new URL(request.url).searchParams);
  // A guest practises any public or shared practice (issue 28); a mock exam needs an account.
  const user =
    room?.examMinutes === undefined
      ? await getSessionUser(context, request)
      : await requireUser(context, request);
  if (!room) return data({ kind: "invalid" as const }, { status: 400 });
  // A mock exam in a room is taken on the device from its download (ADR 0023): the server
  // never sends its keys; the browser builds it (clientLoader).
  if (room.examMinutes !== undefined) return { kind: "onDevice" as const };
  const practice = await findPracticeForViewer(context.db, room.practiceCode, user?.id ?? null);
  // Not open to a visitor: perhaps their own practice, opened signed out.
  if (!practice && !user) await requireUser(context, request);
  if (!practice) return data({ kind: "notFound" as const }, { status: 404 });
  const asked = questionsForAddress(
    await listPracticeQuestionsOfVersion(context.db, practice, room.selection),
    room.practiceCode,
  );
  // With how others answered each and their reports (issue 30), shown with each result.
  const questions = await withResultNotes(context.db, user?.id ?? null, asked);
  const setupHref = paths.practiceSetup(practice.code);
  if (questions.length === 0) {
    return data({ kind: "empty" as const, setupHref, title: practice.title }, { status: 404 });
  }
  // A page carries its questions as JSON beside the HTML, not in its loader data, which costs a
  // third of the page's time to encode (app/lib/document-payload.tsx): the same for everyone,
  // their JSON is kept with them. The student's own notes on them stay in the loader data.
  // A navigation's data has the questions, notes and all.
  if (context.document) context.documentPayload = { value: asked };
  return {
    kind: "room" as const,
    room,
    title: practice.title,
    label: selectionLabel(room.selection, practice),
    contentVersion: practice.contentVersion,
    setupHref,
    questions: context.document ? null : questions,
    notes: context.document ? notesOf(asked, questions) : null,
    // "Báo đáp án sai" (issue 30): a signed-in student, on a practice not their own.
    reportable: user !== null && practice.own?.isOwner !== true,
  };
}

/**
 * Offline (ADR 0013): when the network fails, the room is built on the device from the
 * downloaded practice. It also runs at hydration, because a room address never opened before
 * is answered offline by the service worker with this practice's stored room page: that page's
 * data names another attempt, and the room for this address is built here instead.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const attemptId = url.searchParams.get("attempt")?.toLowerCase();
  const onDevice = () =>
    import("#app/features/offline/offline-room.ts").then((module) => module.offlineRoomData(url));
  if (url.searchParams.has("exam")) return onDevice();
  // The set-up page's fetch ahead (room-data-prefetch.ts): kept for the tap. A fetcher's answer
  // is never shown; were it, it would be the "not found" screen.
  if (fetchingAhead(url, serverLoader)) return { kind: "ahead" as const };
  let loaded: Awaited<ReturnType<typeof serverLoader>> | null = null;
  try {
    // Perhaps fetched already, while the student was on the set-up page (room-data-prefetch.ts).
    loaded = await roomDataFor(url, serverLoader);
  } catch (error) {
    if (navigator.onLine && !(error instanceof TypeError)) throw error;
  }
  if (loaded && (loaded.kind !== "room" || loaded.room.attemptId === attemptId)) return loaded;
  return onDevice();
}
clientLoader.hydrate = true as const;

export const links: Route.LinksFunction = () => questionStylesheets;

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(loaded && "title" in loaded && loaded.title ? t.titleOf(loaded.title) : t.title);

/** What a viewer's notes add to a question (issue 30): how others answered, reports, comments. */
type QuestionNotes = Pick<QuestionView, "share" | "reports" | "comments">;

/** The notes of the questions that have any, by question id. */
function notesOf(
  asked: readonly QuestionView[],
  noted: readonly QuestionView[],
): Record<number, QuestionNotes> {
  const notes: Record<number, QuestionNotes> = {};
  noted.forEach((question, i) => {
    if (question === asked[i]) return;
    const { share, reports, comments } = question;
    notes[question.id] = { share, reports, comments };
  });
  return notes;
}

function withNotes(
  questions: readonly QuestionView[],
  notes: Record<number, QuestionNotes> | null,
): QuestionView[] {
  return questions.map((question) => {
    const own = notes?.[question.id];
    return own ? { ...question, ...own } : question;
  });
}

export default function PracticeRoomPage({ loaderData }: Route.ComponentProps) {
  const sent = useDocumentPayload<QuestionView[]>();
  const room = loaderData.kind === "room" ? loaderData : null;
  const notes = room && "notes" in room ? room.notes : null;
  const questions = useMemo(
    () => room?.questions ?? (sent && withNotes(sent, notes)),
    [room?.questions, notes, sent],
  );
  if (loaderData.kind === "room") {
    if (!questions) throw new Error("The room's page came without its questions");
    return (
      <>
        <DocumentPayloadScript />
        <PracticeRoom
          // A new attempt ("Làm lại") is a new room, not an update of this one.
          key={loaderData.room.attemptId}
          {...loaderData}
          questions={questions}
        />
      </>
    );
  }
  return (
    <section className="status-screen">
      <h1>
        {loaderData.kind === "invalid"
          ? t.invalidHeading
          : loaderData.kind === "onDevice"
            ? viMockExam.onDeviceHeading
            : t.notFoundHeading}
      </h1>
      <p>
        {loaderData.kind === "invalid"
          ? t.invalidText
          : loaderData.kind === "onDevice"
            ? viMockExam.onDeviceText
            : loaderData.kind === "empty"
              ? t.emptyText
              : loaderData.kind === "notDownloaded"
                ? viOffline.roomNotDownloaded
                : t.notFoundText}
      </p>
      {loaderData.kind === "empty" ? (
        <Link className="button button-primary" to={loaderData.setupHref}>
          {t.backToSetup}
        </Link>
      ) : (
        <Link className="button button-primary" to="/">
          {t.toHome}
        </Link>
      )}
    </section>
  );
}

function PracticeRoom({
  room,
  title,
  label,
  contentVersion,
  setupHref,
  questions,
  onDevice = false,
  subjectCode = "",
  reportable = false,
}: {
  room: RoomRequest;
  title: string;
  label: string;
  contentVersion: number;
  setupHref: string;
  questions: QuestionView[];
  /** Built on the device from a download (offline-room.ts): saved as "làm offline". */
  onDevice?: boolean;
  subjectCode?: string;
  reportable?: boolean;
}) {
  const navigate = useNavigate();
  const config = useMemo(() => configFields(room), [room]);
  const submissionOf = useCallback(
    (finished: RoomSummary): AttemptSubmission => ({
      id: room.attemptId,
      practiceCode: room.practiceCode,
      selection: room.selection,
      config,
      ...finishedAnswers(finished),
      ...(onDevice ? { offline: true } : {}),
    }),
    [room, config, onDevice],
  );
  const minutes = config.examMinutes;
  const userId = useSignedInUserId();
  const exam = useMemo(
    () =>
      minutes === undefined
        ? {}
        : {
            examClock: (onExpire: () => void) => (
              <DeviceExamClock
                minutes={minutes}
                userId={userId}
                attemptId={room.attemptId}
                onExpire={onExpire}
              />
            ),
            scoreNote: (finished: RoomSummary, byId: ReadonlyMap<number, QuestionView>) => (
              <DeviceExamResult
                summary={finished}
                questions={byId}
                subjectCode={subjectCode}
                minutes={minutes}
                userId={userId}
                attemptId={room.attemptId}
              />
            ),
          },
    [minutes, subjectCode, userId, room.attemptId],
  );
  const href = roomUrl(room.practiceCode, { ...DEFAULT_SETUP, ...room }, room);
  const fullLabel = minutes === undefined ? label : `${viMockExam.offlineLabel} · ${label}`;
  const resume = useMemo(
    () => ({
      owner: userId,
      practiceCode: room.practiceCode,
      href,
      title,
      label: fullLabel,
      flat: config.practiceType === "FLAT",
    }),
    [userId, room.practiceCode, href, title, fullLabel, config.practiceType],
  );
  const again = useCallback(() => {
    void navigate(roomUrl(room.practiceCode, { ...DEFAULT_SETUP, ...room }, newRoomIdentity()));
  }, [navigate, room]);
  const retryWrong = useCallback(
    (questionIds: number[]) => void navigate(retryWrongAddress(questionIds)),
    [navigate],
  );
  // "Báo đáp án sai" and "Thảo luận" under each result (issue 30); not in a room built offline.
  const place = useMemo(
    () =>
      onDevice
        ? null
        : { address: room.practiceCode, signedIn: userId !== "", mayReport: reportable },
    [onDevice, reportable, room.practiceCode, userId],
  );
  return (
    <QuestionPlace.Provider value={place}>
      <RoomScreen
        questions={questions}
        config={config}
        attemptId={room.attemptId}
        contentVersion={contentVersion}
        title={title}
        label={fullLabel}
        submissionOf={submissionOf}
        {...exam}
        onAgain={again}
        setupHref={setupHref}
        loginHref={paths.login(href)}
        resume={resume}
        // A mock exam's mistakes are reviewed from its own result (device-exam.tsx).
        // A guest has no review cards: "Ôn lại câu sai" comes with an account.
        onRetryWrong={minutes === undefined && userId ? retryWrong : undefined}
      />
    </QuestionPlace.Provider>
  );
}
