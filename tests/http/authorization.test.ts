import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETUP, roomUrl } from "#app/lib/room-setup.ts";
import type { TestDialect } from "#tests/support/databases.ts";
import {
  postForm,
  sessionCookie,
  signUp,
  startTestServer,
  type TestServer,
} from "#tests/support/test-server.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";
import { listAppRoutes, type AppRoute } from "#tests/support/route-table.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";
import { createOwnPractice, shareOwnPractice } from "#services/own-practices/manage.ts";
import { pictureUrl } from "#base/pictures.ts";
import { encodePicture, type EncodedPicture } from "#content/pictures/encode-picture.ts";
import { storePictures } from "#db/pictures.ts";
import { drawnPng } from "#tests/support/test-pictures.ts";
import { startMockExam } from "#services/mock-exams/start.ts";
import { setExamDate } from "#services/review/exam-dates.ts";
import { reportQuestion } from "#services/question-reports/reports.ts";
import { insertComment } from "#db/comments.ts";

/**
 * Every route of the app (tests/support/route-table.ts) called as the owner
 * of some data (Alice), as another signed-in student (Bob) and as a visitor. Routes that read or
 * write a user's data have their own requests, aimed at Alice's data, and say who may have it.
 * For every route and every caller: no answer carries another user's name, email, ids, attempt
 * ids or session token, and nobody but Alice changes any of her rows.
 */
type Caller = "owner" | "other" | "visitor";
const CALLERS: Caller[] = ["visitor", "other", "owner"];

interface Person {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
  attemptId: string;
  /** An attempt of Alice's whose id nobody else ever saves (see SECRET_ATTEMPT_ID). */
  privateAttemptId?: string;
}

/** What a caller's request is and what its answer must be, for a route holding user data. */
interface Check {
  /** `self` is the caller (null for a visitor); a write aimed at "their own" uses it. */
  request: (
    alice: Person,
    self: Person | null,
  ) => { path: string; body?: BodyInit; contentType?: string; method?: "PUT" | "POST" };
  /** Status expected per caller (a number, or a test of the status). */
  expect: Record<Caller, number | ((status: number) => boolean)>;
  /** Text the owner's answer must contain (so "refused" is not mistaken for "allowed"). */
  ownerSees?: (alice: Person) => string;
  /**
   * What Alice chose to show others here: her display name on a practice she shares (issue 28,
   * "the shared page names its author"). Never her email, ids or anything else.
   */
  published?: (alice: Person) => string[];
}

const refused = (status: number) => status >= 400 && status < 500;
const toLogin = 302;
const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  contentType: "application/x-www-form-urlencoded",
});

const ATTEMPT_IDS = [
  "1a2b3c4d-0000-4000-8000-00000000a11c",
  "1a2b3c4d-0000-4000-8000-000000000b0b",
];
/**
 * Attempt ids are the browser's and scoped to their user: Bob saving the id
 * of Alice's attempt makes an attempt of his own under it. So the id itself is no secret; what
 * Bob must never see is Alice's attempt, asked for here by an id Bob never saves.
 */
const SECRET_ATTEMPT_ID = "1a2b3c4d-0000-4000-8000-0000000a11ce";

/**
 * Routes that read or write a user's data, with the request aimed at Alice's. Every other
 * route is called plainly (GET, or POST with an empty body) and still checked for leaks.
 */
const DATA_ROUTES: Record<string, Check> = {
  "GET /profile": {
    request: () => ({ path: "/profile" }),
    expect: { owner: 200, other: 200, visitor: toLogin },
    ownerSees: (alice) => alice.email,
  },
  "POST /profile": {
    // The caller's own name again: allowed for a student, and nobody's name really changes.
    request: (_alice, self) => ({
      path: "/profile",
      ...form({ intent: "name", fullName: self?.name ?? "Khách" }),
    }),
    expect: { owner: 200, other: 200, visitor: toLogin },
  },
  "GET /practice-history": {
    request: () => ({ path: "/practice-history" }),
    expect: { owner: 200, other: 200, visitor: toLogin },
    ownerSees: (alice) => alice.attemptId,
  },
  "GET /profile/data-export": {
    request: () => ({ path: "/profile/data-export?format=json" }),
    expect: { owner: 200, other: 200, visitor: toLogin },
    ownerSees: (alice) => alice.privateAttemptId!,
  },
  "GET /mistakes": {
    // Alice's review room over the tiny practice's questions: they are nobody's review cards
    // here, so nobody gets a room of them.
    request: () => ({
      path: `/mistakes?id=${SECRET_ATTEMPT_ID}&seed=1&q=${questionIds.join(".")}`,
    }),
    expect: { owner: 404, other: 404, visitor: toLogin },
  },
  "GET /practice-review/:practiceCode": {
    request: () => ({ path: "/practice-review/de-thu" }),
    expect: { owner: 200, other: 200, visitor: 200 },
    ownerSees: (alice) => alice.attemptId,
  },
  "GET /practice-control": {
    request: (alice) => ({
      path: roomUrl(
        "de-thu",
        { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" } },
        { attemptId: alice.attemptId, seed: 42 },
      ),
    }),
    // A guest practises a public practice (issue 28); its save is a guest's, kept for a claim.
    expect: { owner: 200, other: 200, visitor: 200 },
  },
  "POST /api/attempts": {
    // Alice's attempt saved again: a replay for her; Bob may not take it over or change it.
    request: (alice) => ({ path: "/api/attempts", ...json(submission(alice.attemptId)) }),
    // Attempt ids are scoped to their user: Bob's save is an attempt of his own (201), and
    // Alice's stays as it was (checked).
    expect: { owner: 200, other: 201, visitor: 401 },
  },
  "POST /api/attempts/claim": {
    // A guess at a guest attempt's secret claims nothing, for anyone (outcome "gone").
    request: () => ({
      path: "/api/attempts/claim",
      ...json({ claims: [{ id: SECRET_ATTEMPT_ID, secret: "a".repeat(43) }] }),
    }),
    expect: { owner: 200, other: 200, visitor: 401 },
  },
  "POST /api/mock-exams": {
    // Alice's exam started again: the same exam for her; Bob's start of that id is an exam of
    // his own (ids are scoped to their user), and Alice's stays as it was (checked).
    request: () => ({ path: "/api/mock-exams", ...json(examStart(STARTED_EXAM_ID)) }),
    expect: { owner: 200, other: 201, visitor: 401 },
    ownerSees: () => STARTED_EXAM_ID,
  },
  "POST /api/mock-exams/:examId/sheet": {
    // Alice's exam (an id Bob never starts): its sheet is hers to keep.
    request: () => ({
      path: `/api/mock-exams/${SECRET_EXAM_ID}/sheet`,
      method: "PUT",
      ...json({ answers: examAnswers() }),
    }),
    expect: { owner: 204, other: 404, visitor: 401 },
  },
  "POST /api/mock-exams/:examId/submit": {
    request: () => ({
      path: `/api/mock-exams/${SECRET_EXAM_ID}/submit`,
      ...json({ answers: examAnswers(), totalTime: 30 }),
    }),
    expect: { owner: 200, other: 404, visitor: 401 },
    ownerSees: () => SECRET_EXAM_ID,
  },
  // "Ngày thi" (issue 30): each student's own exam day; nobody sees or moves Alice's.
  "GET /practice-subject/:subjectCode": {
    request: () => ({ path: "/practice-subject/mon-thu" }),
    expect: { owner: 200, other: 200, visitor: 200 },
    ownerSees: () => ALICE_EXAM_SHOWN,
  },
  "POST /practice-subject/:subjectCode": {
    request: (alice, self) => ({
      path: "/practice-subject/mon-thu",
      // Alice sets the day she has; anyone else sets a day of their own.
      ...form({
        intent: "exam-set",
        examDay: self?.id === alice.id ? ALICE_EXAM_DAY : OTHER_EXAM_DAY,
      }),
    }),
    expect: { owner: 200, other: 200, visitor: toLogin },
    ownerSees: () => ALICE_EXAM_SHOWN,
  },
  "GET /my-practices": {
    request: () => ({ path: "/my-practices" }),
    expect: { owner: 200, other: 200, visitor: toLogin },
    ownerSees: () => PRIVATE_TITLE,
  },
  "POST /my-practices": {
    // "Ngừng chia sẻ" on Alice's private practice: done for her (nothing to stop), nobody else's.
    request: () => ({
      path: "/my-practices",
      ...form({ intent: "unshare", code: own.privateCode }),
    }),
    expect: { owner: 302, other: 404, visitor: toLogin },
  },
  "POST /practice-review/:practiceCode": {
    // "Báo cáo" on Alice's shared practice: others may, she may not report her own.
    request: () => ({
      path: `/practice-review/${own.sharedAddress}`,
      ...form({ intent: "report", reason: "Nội dung sai" }),
    }),
    expect: { owner: 400, other: 200, visitor: toLogin },
    published: (alice) => [alice.name],
  },
  "GET /admin/reports": {
    // Nobody here is an operator: the page does not exist for them.
    request: () => ({ path: "/admin/reports" }),
    expect: { owner: 404, other: 404, visitor: toLogin },
  },
  "POST /admin/reports": {
    request: () => ({ path: "/admin/reports", ...form({ intent: "hide", practiceId: "1" }) }),
    expect: { owner: 404, other: 404, visitor: toLogin },
  },
  // "Báo đáp án sai" (issue 30): Bob reported the question of Alice's shared practice. She
  // handles it (her page); nobody else sees or closes it.
  "GET /question-reports/:questionId": {
    request: () => ({ path: `/question-reports/${own.sharedQuestionId}` }),
    expect: { owner: 200, other: 404, visitor: toLogin },
    ownerSees: () => "Câu chia sẻ",
  },
  "POST /question-reports/:questionId": {
    request: () => ({
      path: `/question-reports/${own.sharedQuestionId}`,
      ...form({ intent: "answer", reply: "Đáp án đã đúng." }),
    }),
    expect: { owner: 302, other: 404, visitor: toLogin },
  },
  "POST /api/question-reports": {
    // Alice's private question: not hers to report, nobody else's to see.
    request: () => ({
      path: "/api/question-reports",
      ...form({ questionId: String(own.privateQuestionId), reason: "key", note: "" }),
    }),
    expect: { owner: 400, other: 404, visitor: 401 },
  },
  // "Thảo luận" (issue 30): the discussion of Alice's private question is hers alone.
  "GET /api/questions/:questionId/comments": {
    request: () => ({ path: `/api/questions/${own.privateQuestionId}/comments` }),
    expect: { owner: 200, other: 404, visitor: 404 },
    ownerSees: () => "Ghi chú riêng Zqx",
  },
  "POST /api/questions/:questionId/comments": {
    request: () => ({
      path: `/api/questions/${own.privateQuestionId}/comments`,
      ...form({ intent: "post", body: "Một ý kiến" }),
    }),
    expect: { owner: 201, other: 404, visitor: 401 },
  },
  "POST /practice-history": {
    // "Chấm lại" of Alice's attempt: no key of it was fixed (409) for her; nobody else's.
    request: () => ({
      path: "/practice-history",
      ...form({ intent: "rescore", id: SECRET_ATTEMPT_ID }),
    }),
    expect: { owner: 409, other: 404, visitor: toLogin },
  },
  "POST /api/avatar": {
    request: () => ({ path: "/api/avatar", body: "not an image", contentType: "image/png" }),
    expect: { owner: refused, other: refused, visitor: 401 },
  },
  "GET /pictures/:file": {
    // The picture of Alice's private practice (issue 26): hers, nobody else's.
    request: () => ({ path: pictureUrl(own.picture!) }),
    expect: { owner: 200, other: 404, visitor: 404 },
  },
  "POST /api/pictures": {
    request: () => ({ path: "/api/pictures", body: "not an image", contentType: "image/png" }),
    expect: { owner: refused, other: refused, visitor: 401 },
  },
  "GET /verify-email": {
    request: () => ({ path: "/verify-email" }),
    expect: { owner: 200, other: 200, visitor: 200 },
    ownerSees: (alice) => alice.email,
  },
  "GET /api/auth/get-session": {
    request: () => ({ path: "/api/auth/get-session" }),
    expect: { owner: 200, other: 200, visitor: 200 },
    ownerSees: (alice) => alice.email,
  },
  "GET /api/auth/list-sessions": {
    request: () => ({ path: "/api/auth/list-sessions" }),
    expect: { owner: 200, other: 200, visitor: 401 },
    ownerSees: (alice) => alice.id,
  },
  "GET /api/auth/list-accounts": {
    request: () => ({ path: "/api/auth/list-accounts" }),
    expect: { owner: 200, other: 200, visitor: 401 },
    ownerSees: (alice) => alice.id,
  },
  "POST /api/auth/update-user": {
    request: (_alice, self) => ({
      path: "/api/auth/update-user",
      ...json({ name: self?.name ?? "Khách" }),
    }),
    expect: { owner: 200, other: 200, visitor: 401 },
  },
  "POST /api/auth/delete-user": {
    request: () => ({ path: "/api/auth/delete-user", ...json({ password: "not-the-password" }) }),
    expect: { owner: refused, other: refused, visitor: 401 },
  },
  "POST /api/auth/change-password": {
    request: () => ({
      path: "/api/auth/change-password",
      ...json({ currentPassword: "not-the-password", newPassword: "matkhau9" }),
    }),
    expect: { owner: refused, other: refused, visitor: 401 },
  },
  "POST /api/auth/two-factor/enable": {
    request: () => ({
      path: "/api/auth/two-factor/enable",
      ...json({ password: "not-the-password" }),
    }),
    expect: { owner: refused, other: refused, visitor: 401 },
  },
  "POST /api/auth/two-factor/disable": {
    request: () => ({
      path: "/api/auth/two-factor/disable",
      ...json({ password: "not-the-password" }),
    }),
    expect: { owner: refused, other: refused, visitor: 401 },
  },
};

/** Requests aimed at one of Alice's rows by its id, outside the route table's one-per-route. */
const AIMED: (Check & { name: string })[] = [
  {
    name: "Alice's private practice: GET /practice-review/<its code>",
    request: () => ({ path: `/practice-review/${own.privateCode}` }),
    expect: { owner: 200, other: 404, visitor: 404 },
    ownerSees: () => PRIVATE_TITLE,
  },
  {
    // "Ngày thi" of an own practice (issue 30): only its owner sets it; to anyone else the
    // practice is not there.
    name: "Alice's private practice: its exam day, POST /practice-review/<its code>",
    request: () => ({
      path: `/practice-review/${own.privateCode}`,
      ...form({ intent: "exam-set", examDay: OTHER_EXAM_DAY }),
      method: "POST",
    }),
    expect: { owner: 200, other: 404, visitor: toLogin },
    ownerSees: () => `Đã lưu ngày thi ${OTHER_EXAM_DAY.split("-").reverse().join("/")}.`,
  },
  {
    name: "Alice's private practice: its questions",
    request: () => ({
      path: `/practice-review/${own.privateCode}/questions?type=PRACTICE_TIME_ALL`,
    }),
    expect: { owner: 200, other: 404, visitor: 404 },
    ownerSees: () => "Câu riêng",
  },
  {
    name: "Alice's private practice: its room",
    request: (alice) => ({
      path: roomUrl(
        own.privateCode,
        { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" } },
        { attemptId: alice.attemptId, seed: 42 },
      ),
    }),
    expect: { owner: 200, other: 404, visitor: toLogin },
    ownerSees: () => PRIVATE_TITLE,
  },
  {
    name: "Alice's shared practice by its link: anyone",
    request: () => ({ path: `/practice-review/${own.sharedAddress}` }),
    expect: { owner: 200, other: 200, visitor: 200 },
    ownerSees: () => "Đề chia sẻ",
    published: (alice) => [alice.name],
  },
  {
    name: "Alice's mock exam: its page, GET /practice/<code>/thi-thu/<her exam>",
    request: () => ({ path: `/practice/de-thu/thi-thu/${PAGE_EXAM_ID}` }),
    expect: { owner: 200, other: 404, visitor: toLogin },
    ownerSees: () => PAGE_EXAM_ID,
  },
  {
    name: "one attempt: GET /practice-history?id=<Alice's attempt>",
    request: (alice) => ({ path: `/practice-history?id=${alice.privateAttemptId}` }),
    expect: { owner: 200, other: 404, visitor: toLogin },
    ownerSees: (alice) => alice.privateAttemptId!,
  },
];

function submission(id: string) {
  return attemptSubmission(id, questionIds);
}

/** Alice's mock exams (issue 27): one started again by both, one only she ever names. */
const STARTED_EXAM_ID = "1a2b3c4d-0000-4000-8000-0000000e8a11";
const SECRET_EXAM_ID = "1a2b3c4d-0000-4000-8000-0000000e8a12";
/** An exam of Alice's that nobody submits: its page is hers alone. */
const PAGE_EXAM_ID = "1a2b3c4d-0000-4000-8000-0000000e8a13";

function examStart(id: string) {
  return {
    id,
    practiceCode: "de-thu",
    selection: { type: "PRACTICE_TIME_ALL" },
    minutes: 45,
    shuffleQuestions: false,
    shuffleAnswers: false,
    seed: 1,
  };
}

function examAnswers() {
  return questionIds.map((questionId) => ({ questionId, selectedAnswerIndexes: [0] }));
}

let questionIds: number[] = [];

/** Alice's own practices (ADR 0012): one private, showing a picture, one shared by its link. */
const PRIVATE_TITLE = "Đề riêng Zqxprivate";
/** Alice's exam day in the tiny practice's subject ("Ngày thi"), and another student's. */
const ALICE_EXAM_DAY = `${new Date().getUTCFullYear() + 1}-03-17`;
const ALICE_EXAM_SHOWN = ALICE_EXAM_DAY.split("-").reverse().join("/");
const OTHER_EXAM_DAY = `${new Date().getUTCFullYear() + 1}-05-22`;
const own: {
  privateCode: string;
  sharedAddress: string;
  picture?: EncodedPicture;
  privateQuestionId?: number;
  sharedQuestionId?: number;
} = {
  privateCode: "",
  sharedAddress: "",
};

function ownQuestions(text: string, picture?: EncodedPicture): ParsedQuestions {
  return {
    chapters: [],
    questions: [
      {
        text: picture ? `${text} ![Hình](picture:${picture.hash})` : text,
        answers: [
          { text: "Có", key: true },
          { text: "Không", key: false },
        ],
      },
    ],
  };
}

for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`authorization matrix [${dialect}]`, () => {
    let server: TestServer;
    let routes: AppRoute[] = [];
    const people: Record<"alice" | "bob", Person> = {
      alice: {
        id: "",
        name: "Alice Zqxalice",
        email: `alice-zqx-${dialect}@example.com`,
        password: "matkhau-alice",
        cookie: "",
        attemptId: ATTEMPT_IDS[0]!,
        privateAttemptId: SECRET_ATTEMPT_ID,
      },
      bob: {
        id: "",
        name: "Bob Vwybob",
        email: `bob-vwy-${dialect}@example.com`,
        password: "matkhau-bob",
        cookie: "",
        attemptId: ATTEMPT_IDS[1]!,
      },
    };

    beforeAll(async () => {
      server = await startTestServer({ AUTH_RATE_LIMIT: "false" }, { dialect });
      questionIds = await importTinyPractice(server.database.db);
      for (const person of Object.values(people)) {
        const { cookie, id } = await signUp(server, {
          email: person.email,
          fullName: person.name,
          password: person.password,
        });
        Object.assign(person, { cookie, id });
        for (const attemptId of [person.attemptId, person.privateAttemptId]) {
          if (!attemptId) continue;
          const saved = await fetch(`${server.base}/api/attempts`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie, origin: server.base },
            body: JSON.stringify(submission(attemptId)),
          });
          expect(saved.status).toBe(201);
        }
      }
      const { db } = server.database;
      const alice = people.alice.id;
      const encoded = await encodePicture(await drawnPng(), "Hình");
      if (!encoded.ok) throw new Error(encoded.message);
      own.picture = encoded.picture;
      await storePictures(db, [own.picture], new Date());
      own.privateCode = (
        await createOwnPractice(
          db,
          alice,
          {
            title: PRIVATE_TITLE,
            parsed: ownQuestions("Câu riêng", own.picture),
            pictures: [own.picture],
          },
          { limits: null },
        )
      ).code;
      const shared = await createOwnPractice(
        db,
        alice,
        { title: "Đề chia sẻ", parsed: ownQuestions("Câu chia sẻ") },
        { limits: null },
      );
      own.sharedAddress = (await shareOwnPractice(db, alice, shared.code)).path.split("/").at(-1)!;
      const questionOf = async (code: string) =>
        (
          await db
            .selectFrom("question")
            .innerJoin("practice", "practice.id", "question.practice_id")
            .select("question.id")
            .where("practice.code", "=", code)
            .executeTakeFirstOrThrow()
        ).id;
      own.privateQuestionId = await questionOf(own.privateCode);
      own.sharedQuestionId = await questionOf(shared.code);
      const privateQuestion = await db
        .selectFrom("question")
        .select(["practice_id", "idx"])
        .where("id", "=", own.privateQuestionId)
        .executeTakeFirstOrThrow();
      await insertComment(db, {
        practiceId: privateQuestion.practice_id,
        idx: privateQuestion.idx,
        questionId: own.privateQuestionId,
        authorId: alice,
        parentId: null,
        body: "Ghi chú riêng Zqx",
        bodyHtml: "Ghi chú riêng Zqx",
        createdAt: new Date().toISOString(),
      });
      await reportQuestion(
        db,
        people.bob.id,
        { questionId: own.sharedQuestionId, reason: "key", note: "", address: own.sharedAddress },
        { limits: null },
      );
      for (const id of [STARTED_EXAM_ID, SECRET_EXAM_ID, PAGE_EXAM_ID]) {
        const started = await startMockExam(db, alice, examStart(id), {
          now: new Date(),
          limits: null,
        });
        expect(started.ok).toBe(true);
      }
      const exam = await setExamDate(
        db,
        alice,
        { subjectCode: "mon-thu" },
        ALICE_EXAM_DAY,
        new Date(),
      );
      expect(exam.ok).toBe(true);
      routes = listAppRoutes(server);
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    /** A signed-in cookie for the person, signing in again when a request ended the session. */
    async function cookieOf(person: Person): Promise<string> {
      const token = decodeURIComponent(person.cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      const session = await server.database.db
        .selectFrom("session")
        .select("id")
        .where("token", "=", token)
        .executeTakeFirst();
      if (!session) {
        const response = await postForm(
          server.base,
          "/login",
          { intent: "login", email: person.email, password: person.password },
          { origin: server.base },
        );
        person.cookie = sessionCookie(response);
      }
      return person.cookie;
    }

    /** Everything of Alice's in the database (her sessions' expiry aside, which reading renews). */
    async function aliceRows(): Promise<string> {
      const db = server.database.db;
      const id = people.alice.id;
      const rows = await Promise.all([
        db.selectFrom("user").selectAll().where("id", "=", id).execute(),
        db.selectFrom("account").selectAll().where("userId", "=", id).execute(),
        db.selectFrom("session").select(["id", "token"]).where("userId", "=", id).execute(),
        db.selectFrom("twoFactor").selectAll().where("userId", "=", id).execute(),
        db.selectFrom("attempt").selectAll().where("user_id", "=", id).execute(),
        db.selectFrom("attempt_answer").selectAll().where("user_id", "=", id).execute(),
        db.selectFrom("picture_upload").selectAll().where("user_id", "=", id).execute(),
        db.selectFrom("mock_exam").selectAll().where("user_id", "=", id).execute(),
        db.selectFrom("exam_date").selectAll().where("user_id", "=", id).execute(),
        db.selectFrom("practice_exam_date").selectAll().where("user_id", "=", id).execute(),
        db.selectFrom("question_report").selectAll().where("reporter_id", "=", id).execute(),
        db.selectFrom("comment").selectAll().where("author_id", "=", id).execute(),
      ]);
      return JSON.stringify(rows);
    }

    /** What of `person` must never reach anyone else. */
    async function secretsOf(person: Person): Promise<string[]> {
      const db = server.database.db;
      const sessions = await db
        .selectFrom("session")
        .select("token")
        .where("userId", "=", person.id)
        .execute();
      const accounts = await db
        .selectFrom("account")
        .select("id")
        .where("userId", "=", person.id)
        .execute();
      return [
        person.name,
        person.email,
        person.id,
        ...(person === people.alice ? [PRIVATE_TITLE, ALICE_EXAM_SHOWN] : []),
        ...(person.privateAttemptId ? [person.privateAttemptId] : []),
        ...sessions.map((s) => s.token),
        ...accounts.map((a) => a.id),
      ];
    }

    async function call(
      caller: Caller,
      routeMethod: "GET" | "POST",
      { path, body, contentType, method: asked }: ReturnType<Check["request"]>,
      published: readonly string[] = [],
    ) {
      const method = asked ?? routeMethod;
      const headers: Record<string, string> = { origin: server.base };
      if (caller !== "visitor") {
        headers.cookie = await cookieOf(caller === "owner" ? people.alice : people.bob);
      }
      if (contentType) headers["content-type"] = contentType;
      const before = await aliceRows();
      const response = await fetch(`${server.base}${path}`, {
        method,
        headers,
        body: method === "GET" ? undefined : (body ?? ""),
        redirect: "manual",
      });
      const text = await response.text();
      const where = `${method} ${path} as ${caller} (${response.status})`;
      expect(response.status, `${where}: ${text.slice(0, 200)}`).toBeLessThan(500);
      const foreign =
        caller === "owner"
          ? await secretsOf(people.bob)
          : [
              ...(await secretsOf(people.alice)),
              ...(caller === "visitor" ? await secretsOf(people.bob) : []),
            ];
      // An id the caller sent may come back; anything else of another's may not.
      const sent = `${path} ${typeof body === "string" ? body : ""}`;
      const leaked = foreign.filter(
        (secret) => text.includes(secret) && !sent.includes(secret) && !published.includes(secret),
      );
      expect(leaked, `${where} showed another user's data`).toEqual([]);
      if (caller !== "owner") {
        expect(await aliceRows(), `${where} changed Alice's data`).toBe(before);
      }
      return { status: response.status, text };
    }

    async function runCheck(method: "GET" | "POST", check: Check) {
      for (const caller of CALLERS) {
        const self = caller === "owner" ? people.alice : caller === "other" ? people.bob : null;
        const { status, text } = await call(
          caller,
          method,
          check.request(people.alice, self),
          check.published?.(people.alice),
        );
        const expected = check.expect[caller];
        const ok = typeof expected === "number" ? status === expected : expected(status);
        expect(ok, `${method} as ${caller}: status ${status}, expected ${String(expected)}`).toBe(
          true,
        );
        if (caller === "owner" && check.ownerSees) {
          expect(text, `the owner's own data is missing`).toContain(check.ownerSees(people.alice));
        }
      }
    }

    it("every user-data route of the table has a check, and every check a route", () => {
      const keys = routes.map((route) => route.key);
      expect(Object.keys(DATA_ROUTES).filter((key) => !keys.includes(key))).toEqual([]);
    });

    for (const [key, check] of Object.entries(DATA_ROUTES)) {
      it(`${key}: owner, other student and visitor get what they may, no one else's data`, async () => {
        await runCheck(key.startsWith("POST") ? "POST" : "GET", check);
      });
    }

    for (const check of AIMED) {
      it(`${check.name}: only the owner sees it`, async () => {
        await runCheck("GET", check);
      });
    }

    it("every other route, called plainly by anyone, shows no one else's data and changes nothing of Alice's", async () => {
      for (const route of routes.filter((candidate) => !(candidate.key in DATA_ROUTES))) {
        const path = route.pattern.replace(/:[^/]+/g, "x").replace(/\/(\*|\{\*[^}]+\})$/, "/x");
        const request =
          route.method === "POST"
            ? route.source === "better-auth" || route.key === "POST /api/attempts"
              ? { path, ...json({}) }
              : { path, ...form({}) }
            : { path };
        for (const caller of CALLERS) await call(caller, route.method, request);
      }
      // Some 200 requests, each between two reads of Alice's rows: minutes on a loaded machine.
    }, 240_000);
  });
}
