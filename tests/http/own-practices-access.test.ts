import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETUP, roomUrl } from "#app/lib/room-setup.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import {
  createOwnPractice,
  deleteOwnPractice,
  shareOwnPractice,
  unshareOwnPractice,
} from "#services/own-practices/manage.ts";
import { actOnReport } from "#services/own-practices/reports.ts";
import { pictureUrl } from "#base/pictures.ts";
import { encodePicture, type EncodedPicture } from "#content/pictures/encode-picture.ts";
import { storePictures } from "#db/pictures.ts";
import { drawnPng } from "#tests/support/test-pictures.ts";

/**
 * The access rule of ADR 0012 over HTTP: a student's practice in each state (private,
 * shared, its link revoked, hidden by an operator, deleted) × each caller (its owner, another
 * student, a visitor, an operator) × each route that reads or writes a practice by its address
 * (the set-up page, its questions, the room, an attempt save, the offline download, the picture
 * its question shows: issue 26), by the practice's code and by its share link (a picture's
 * address names the practice it is seen through: `?p=<link>`); and "Ôn lỗi sai" (the banner, /mistakes, its room, a review save) over the
 * cards each caller made on a practice in each state. Who gets what is written out per state
 * below, not computed by the rule under test.
 */
type Caller = "owner" | "other" | "visitor" | "operator";
type State = "private" | "shared" | "revoked" | "hidden" | "deleted";
const CALLERS: Caller[] = ["owner", "other", "visitor", "operator"];

/** Who may open the practice, by its code and by its (last) share link. */
const MAY_OPEN: Record<State, { code: Caller[]; link: Caller[] }> = {
  private: { code: ["owner", "operator"], link: [] },
  shared: { code: ["owner", "operator"], link: ["owner", "other", "visitor", "operator"] },
  revoked: { code: ["owner", "operator"], link: [] },
  hidden: { code: ["owner", "operator"], link: ["owner"] },
  deleted: { code: [], link: [] },
};

/**
 * "Ôn lỗi sai" (ADR 0016): who keeps reviewing the cards of a practice in each state, each
 * caller having answered it wrongly while they could open it (the other student through its
 * link, the owner and the operator by its code). The visitor has no cards.
 */
const REVIEWS: Record<State, Caller[]> = {
  private: ["owner", "operator"],
  shared: ["owner", "other", "operator"],
  revoked: ["owner", "operator"],
  hidden: ["owner", "operator"],
  deleted: [],
};

/** Each state's practice shows a picture of its own in its first question. */
const COLOURS: Record<State, string> = {
  private: "#1f6feb",
  shared: "#2da44e",
  revoked: "#bf8700",
  hidden: "#cf222e",
  deleted: "#8250df",
};

function parsed(title: string, picture?: EncodedPicture): ParsedQuestions {
  return {
    chapters: [],
    questions: [1, 2].map((n) => ({
      text:
        n === 1 && picture
          ? `${title}: câu ${n} ![Hình](picture:${picture.hash})`
          : `${title}: câu ${n}`,
      answers: [
        { text: "Đúng", key: true },
        { text: "Sai", key: false },
      ],
    })),
  };
}

for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`own practices: access by state, caller and route [${dialect}]`, () => {
    let server: TestServer;
    const cookies: Record<Caller, string> = { owner: "", other: "", visitor: "", operator: "" };
    const ids: Record<Caller, string> = { owner: "", other: "", visitor: "", operator: "" };
    const practices = {} as Record<
      State,
      { code: string; link: string; questionIds: number[]; picture: EncodedPicture }
    >;
    /** Practices of the same states whose questions the callers answered wrongly first. */
    const reviewed = {} as Record<State, { questionIds: number[] }>;

    beforeAll(async () => {
      server = await startTestServer({ AUTH_RATE_LIMIT: "false" }, { dialect });
      const { db } = server.database;
      for (const caller of ["owner", "other", "operator"] as const) {
        const made = await signUp(server, {
          email: `${caller}-${dialect}@example.com`,
          fullName: caller,
          password: "matkhau-123",
        });
        cookies[caller] = made.cookie;
        ids[caller] = made.id;
      }
      await db
        .insertInto("operator")
        .values({ user_id: ids.operator, granted_at: new Date().toISOString() })
        .execute();
      for (const state of Object.keys(MAY_OPEN) as State[]) {
        const owner = ids.owner;
        // Stored as an upload stores it, but with no upload row: the practice's rule alone decides.
        const encoded = await encodePicture(await drawnPng(120, 80, COLOURS[state]), "Hình");
        if (!encoded.ok) throw new Error(encoded.message);
        const picture = encoded.picture;
        await storePictures(db, [picture], new Date());
        const { code } = await createOwnPractice(
          db,
          owner,
          { title: `Đề ${state}`, parsed: parsed(state, picture), pictures: [picture] },
          { limits: null },
        );
        const questionIds = (
          await db
            .selectFrom("question")
            .innerJoin("practice", "practice.id", "question.practice_id")
            .select("question.id")
            .where("practice.code", "=", code)
            .orderBy("question.idx")
            .execute()
        ).map((q) => q.id);
        let link = "s_neverSharedNeverShared00";
        if (state !== "private") {
          link = (await shareOwnPractice(db, owner, code)).path.split("/").at(-1)!;
        }
        if (state === "revoked") await unshareOwnPractice(db, owner, code);
        if (state === "hidden") {
          const { id } = await db
            .selectFrom("practice")
            .select("id")
            .where("code", "=", code)
            .executeTakeFirstOrThrow();
          await actOnReport(db, ids.operator, "hide", { practiceId: id });
        }
        practices[state] = { code, link, questionIds, picture };
      }
      for (const state of Object.keys(MAY_OPEN) as State[]) {
        reviewed[state] = await practiceAnsweredWrongly(state);
      }
    }, 180_000);

    /**
     * A practice of the owner's answered wrongly by the owner and the operator by its code and,
     * unless private, by the other student through its link; then put in `state`.
     */
    async function practiceAnsweredWrongly(state: State) {
      const { db } = server.database;
      const { code } = await createOwnPractice(
        db,
        ids.owner,
        { title: `Ôn ${state}`, parsed: parsed(`ôn ${state}`) },
        { limits: null },
      );
      const questionIds = (
        await db
          .selectFrom("question")
          .innerJoin("practice", "practice.id", "question.practice_id")
          .select("question.id")
          .where("practice.code", "=", code)
          .orderBy("question.idx")
          .execute()
      ).map((q) => q.id);
      const wrongly = async (caller: Caller, address: string) => {
        const saved = await call(caller, "/api/attempts", {
          ...attemptSubmission(randomUUID(), questionIds, { picks: () => [1] }),
          practiceCode: address,
        });
        expect(saved.status, `${state}: ${caller} answers`).toBe(201);
      };
      await wrongly("owner", code);
      await wrongly("operator", code);
      if (state !== "private") {
        const { path } = await shareOwnPractice(db, ids.owner, code);
        await wrongly("other", path.split("/").at(-1)!);
      }
      if (state === "revoked") await unshareOwnPractice(db, ids.owner, code);
      if (state === "hidden") {
        const { id } = await db
          .selectFrom("practice")
          .select("id")
          .where("code", "=", code)
          .executeTakeFirstOrThrow();
        await actOnReport(db, ids.operator, "hide", { practiceId: id });
      }
      if (state === "deleted") await deleteOwnPractice(db, ids.owner, code);
      return { questionIds };
    }

    afterAll(async () => {
      await server?.close();
    });

    async function call(caller: Caller, path: string, body?: unknown) {
      const headers: Record<string, string> = { origin: server.base };
      if (caller !== "visitor") headers.cookie = cookies[caller];
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(`${server.base}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
      });
      return {
        status: response.status,
        cacheControl: response.headers.get("cache-control"),
        text: await response.text(),
      };
    }

    /** Every route by one address, as one caller: the statuses, and the title when shown. */
    async function routesBy(caller: Caller, address: string, state: State) {
      const { questionIds } = practices[state];
      const setup = await call(caller, `/practice-review/${address}`);
      const questions = await call(
        caller,
        `/practice-review/${address}/questions?type=PRACTICE_TIME_ALL`,
      );
      const room = await call(
        caller,
        roomUrl(
          address,
          { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" } },
          { attemptId: randomUUID(), seed: 7 },
        ),
      );
      const save = await call(caller, "/api/attempts", {
        ...attemptSubmission(randomUUID(), questionIds),
        practiceCode: address,
      });
      // "Tải về để luyện offline" (ADR 0013): never more than the set-up page shows.
      const download = await call(caller, `/practice-review/${address}/offline`);
      return { setup, questions, room, save, download };
    }

    // "deleted" last: its practice is deleted after the other student practised it.
    for (const state of ["private", "shared", "revoked", "hidden", "deleted"] as State[]) {
      it(`${state}: each caller gets each route by the code and by the link, or the not-found screen`, async () => {
        if (state === "deleted") {
          // Practised by another student while shared, then deleted: kept, but for replays only.
          const { link, code, questionIds } = practices.deleted;
          const saved = await call("other", "/api/attempts", {
            ...attemptSubmission(randomUUID(), questionIds),
            practiceCode: link,
          });
          expect(saved.status).toBe(201);
          await deleteOwnPractice(server.database.db, ids.owner, code);
        }
        const { code, link, picture } = practices[state];
        for (const caller of CALLERS) {
          for (const [via, address] of [
            ["code", code],
            ["link", link],
          ] as const) {
            const may = MAY_OPEN[state][via].includes(caller);
            const where = `${state}, ${caller}, by ${via}`;
            // Before the routes, whose attempt save would make the caller a holder of the link.
            // A picture is no address: `?p=<link>` adds what the link opens to what the caller
            // may open anyway.
            const seen = await call(
              caller,
              via === "link" ? `${pictureUrl(picture)}?p=${link}` : pictureUrl(picture),
            );
            const seesPicture =
              MAY_OPEN[state].code.includes(caller) ||
              (via === "link" && MAY_OPEN[state].link.includes(caller));
            expect(seen.status, `${where}: picture`).toBe(seesPicture ? 200 : 404);
            if (seesPicture) expect(seen.cacheControl).toBe("private, no-cache");
            const got = await routesBy(caller, address, state);
            expect(got.setup.status, `${where}: set-up page`).toBe(may ? 200 : 404);
            if (may) expect(got.setup.text).toContain(`Đề ${state}`);
            // A link that opens nothing says it was unshared; a code, that there is no such page.
            else {
              expect(got.setup.text, where).toContain(
                via === "link" ? "Người tạo đã ngừng chia sẻ đề này" : "Trang này không tồn tại",
              );
            }
            // Its owner sees that an operator hid it.
            if (may && state === "hidden" && caller === "owner") {
              expect(got.setup.text).toContain("Đề này đã bị quản trị viên ẩn");
            } else expect(got.setup.text).not.toContain(`${state}: câu 1`);
            expect(got.questions.status, `${where}: questions`).toBe(may ? 200 : 404);
            if (!may) expect(got.questions.text).not.toContain(`${state}: câu`);
            // A visitor practises what they may open as a guest (issue 28) and is sent to sign
            // in for anything else; a save without a guest's secret needs a signed-in student.
            expect(got.room.status, `${where}: room`).toBe(
              caller === "visitor" ? (may ? 200 : 302) : may ? 200 : 404,
            );
            expect(got.save.status, `${where}: save`).toBe(
              caller === "visitor" ? 401 : may ? 201 : 404,
            );
            expect(got.download.status, `${where}: download`).toBe(
              caller === "visitor" ? 401 : may ? 200 : 404,
            );
            if (!may) expect(got.download.text).not.toContain(`${state}: câu`);
          }
        }
        if (state === "shared") {
          // Having saved an attempt through the link, the other student sees it without the address.
          expect((await call("other", pictureUrl(picture))).status).toBe(200);
          expect((await call("visitor", pictureUrl(picture))).status).toBe(404);
        }
      }, 120_000);
    }

    it("review of mistakes: each caller's banner, /mistakes, its room and its save hold a practice's cards only while the caller may open it", async () => {
      const states = Object.keys(REVIEWS) as State[];
      for (const caller of ["owner", "other", "operator"] as const) {
        const mine = states.filter((state) => REVIEWS[state].includes(caller));
        const due = mine.flatMap((state) => reviewed[state].questionIds);
        for (const page of ["/", "/practice-history"]) {
          const { text } = await call(caller, page);
          if (due.length > 0)
            expect(text, `${caller}: ${page}`).toContain(`Ôn tập hôm nay: ${due.length} câu`);
          else expect(text, `${caller}: ${page}`).not.toContain("Ôn tập hôm nay");
        }
        const start = await fetch(`${server.base}/mistakes?time=30`, {
          headers: { cookie: cookies[caller] },
          redirect: "manual",
        });
        expect(start.status, `${caller}: /mistakes`).toBe(302);
        const picked = new URL(start.headers.get("location")!, server.base).searchParams.get("q")!;
        expect(picked.split(".").map(Number).sort(), `${caller}: /mistakes`).toEqual(
          [...due].sort(),
        );
        for (const state of states) {
          const may = REVIEWS[state].includes(caller);
          const { questionIds } = reviewed[state];
          const where = `${state}, ${caller}`;
          const room = await call(
            caller,
            `/mistakes?id=${randomUUID()}&seed=1&q=${questionIds.join(".")}`,
          );
          expect(room.status, `${where}: review room`).toBe(may ? 200 : 404);
          if (!may) expect(room.text).not.toContain(`ôn ${state}: câu`);
          const save = await call(caller, "/api/attempts", {
            type: "MISTAKES",
            id: randomUUID(),
            config: {
              ...attemptSubmission(randomUUID(), []).config,
              practiceType: "SEQUENCE",
            },
            answers: questionIds.map((questionId) => ({ questionId, selectedAnswerIndexes: [0] })),
            answerOrders: null,
            totalTime: 20,
            answerSeconds: questionIds.map(() => 10),
          });
          // The other student never had a card of the private practice: not theirs to review.
          const hadCards = state !== "private" || caller !== "other";
          expect(save.status, `${where}: review save`).toBe(may ? 201 : hadCards ? 403 : 422);
          if (!may) {
            expect(JSON.parse(save.text)).toMatchObject({
              code: hadCards ? "PRACTICE_CLOSED" : "NOT_YOUR_REVIEW",
            });
          }
        }
      }
    }, 120_000);

    it("a deleted practice's attempt still replays for the student who made it, marked", async () => {
      const { db } = server.database;
      const attempt = await db
        .selectFrom("attempt")
        .select("id")
        .where("user_id", "=", ids.other)
        .where("practice_title", "=", "Đề deleted")
        .executeTakeFirstOrThrow();
      const replay = await call("other", `/practice-history?id=${attempt.id}`);
      expect(replay.status).toBe(200);
      expect(replay.text).toContain("Đề đã bị xóa");
      expect(replay.text).toContain("deleted: câu 1");
      // Another student's attempt is nobody else's, deleted practice or not.
      expect((await call("owner", `/practice-history?id=${attempt.id}`)).status).toBe(404);
    });

    it("own pages are never cached and never send the link on as a Referer", async () => {
      const shared = await fetch(`${server.base}/practice-review/${practices.shared.link}`);
      // Browsers apply the last policy of the list (helmet sets the site-wide one first).
      expect(shared.headers.get("referrer-policy")).toMatch(/(^|, )no-referrer$/);
      expect(shared.headers.get("cache-control")).toContain("no-store");
      const questions = await fetch(
        `${server.base}/practice-review/${practices.shared.link}/questions?type=PRACTICE_TIME_ALL&v=1`,
      );
      expect(questions.headers.get("cache-control")).toBe("private, no-cache");
    });
  });
}
