import { beforeAll, expect, it } from "vitest";
import type { ParsedQuestions } from "#content/formats/types.ts";
import { importBanks } from "#content/import-bank.ts";
import { PARSE_JOBS } from "#content/parse-jobs.ts";
import type { ParsePool } from "#content/parse-pool.ts";
import { countComments } from "#db/comments.ts";
import { createDatabaseRateLimitStore } from "#db/rate-limits.ts";
import {
  createOwnPractice,
  shareOwnPractice,
  unshareOwnPractice,
} from "#services/own-practices/manage.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import {
  editComment,
  moderateComment,
  postComment,
  readDiscussion,
  removeComment,
  reportComment,
  voteComment,
  type DiscussionDeps,
} from "./comments.ts";

/**
 * "Thảo luận" on both databases: who may read and write under a question (owner, other student,
 * visitor, operator × private, shared and public practice), replies one level deep, votes, edits
 * and deletion of one's own, reports, hiding, limits, and a comment's maths rendered with
 * everything else escaped.
 */

const inlinePool = {
  run: async (name: keyof typeof PARSE_JOBS, input: never) =>
    (PARSE_JOBS[name] as (input: never) => unknown)(input),
  ready: async () => {},
  close: async () => {},
} as unknown as ParsePool;

const T0 = new Date("2026-11-01T02:00:00.000Z");

function oneQuestion(text: string): ParsedQuestions {
  return {
    chapters: [],
    questions: [
      {
        text,
        answers: [
          { text: "Có", key: true },
          { text: "Không", key: false },
        ],
      },
    ],
  };
}

type Viewer = "owner" | "other" | "visitor" | "operator";

describeEachDatabase("discussion", (database) => {
  const users = { owner: "chu-thao-luan", other: "ban-thao-luan", operator: "qt-thao-luan" };
  const questions = { private: 0, shared: 0, public: 0 };
  let privateCode = "";
  let sharedCode = "";
  let shareAddress = "";
  const deps = (): DiscussionDeps => ({ db: database().db, parse: inlinePool, limits: null });
  const idOf = (viewer: Viewer) => (viewer === "visitor" ? null : users[viewer]);

  async function questionOf(code: string): Promise<number> {
    const row = await database()
      .db.selectFrom("question")
      .innerJoin("practice", "practice.id", "question.practice_id")
      .select("question.id")
      .where("practice.code", "=", code)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    const db = database().db;
    for (const id of Object.values(users)) await insertUser(database(), id, { at: T0 });
    await db
      .insertInto("operator")
      .values({ user_id: users.operator, granted_at: T0.toISOString() })
      .execute();
    privateCode = (
      await createOwnPractice(
        db,
        users.owner,
        { title: "Riêng", parsed: oneQuestion("Câu riêng?") },
        { limits: null },
      )
    ).code;
    sharedCode = (
      await createOwnPractice(
        db,
        users.owner,
        { title: "Chia sẻ", parsed: oneQuestion("Câu chia sẻ?") },
        { limits: null },
      )
    ).code;
    shareAddress = `s_${(await shareOwnPractice(db, users.owner, sharedCode)).token}`;
    await importBanks(db, [
      {
        subject: { code: "mon-thao-luan", name: "Môn thảo luận", description: "", keywords: [] },
        practices: [
          {
            code: "de-thao-luan",
            title: "Đề công khai",
            description: "",
            questions: oneQuestion("Câu công khai?").questions,
          },
        ],
      },
    ]);
    questions.private = await questionOf(privateCode);
    questions.shared = await questionOf(sharedCode);
    questions.public = await questionOf("de-thao-luan");
  });

  it("reads and writes: owner, other student, visitor and operator on private, shared and public practices", async () => {
    const db = database().db;
    const cases: {
      practice: keyof typeof questions;
      address: string | undefined;
      may: Record<Viewer, boolean>;
    }[] = [
      {
        practice: "private",
        address: undefined,
        may: { owner: true, other: false, visitor: false, operator: true },
      },
      {
        // Its private code in hand: still closed to anyone but its owner and the operators.
        practice: "private",
        address: privateCode,
        may: { owner: true, other: false, visitor: false, operator: true },
      },
      {
        practice: "shared",
        address: shareAddress,
        may: { owner: true, other: true, visitor: true, operator: true },
      },
      {
        // Without the link: only those who may open it by its code.
        practice: "shared",
        address: undefined,
        may: { owner: true, other: false, visitor: false, operator: true },
      },
      {
        practice: "public",
        address: undefined,
        may: { owner: true, other: true, visitor: true, operator: true },
      },
    ];
    for (const { practice, address, may } of cases) {
      for (const viewer of ["owner", "other", "visitor", "operator"] as Viewer[]) {
        const where = `${viewer} on the ${practice} practice (${address ?? "no address"})`;
        const read = readDiscussion(db, idOf(viewer), questions[practice], address);
        if (may[viewer]) await expect(read, where).resolves.toBeDefined();
        else await expect(read, where).rejects.toMatchObject({ status: 404 });
        if (viewer === "visitor") continue; // the route answers 401 before the service
        const post = postComment(deps(), idOf(viewer)!, {
          questionId: questions[practice],
          address,
          body: `Ý kiến của ${viewer}`,
        });
        if (may[viewer]) await expect(post, where).resolves.toBeGreaterThan(0);
        else await expect(post, where).rejects.toMatchObject({ status: 404 });
      }
    }
    // The private practice's discussion never reached another student: only its own comments.
    const mine = await readDiscussion(db, users.owner, questions.private);
    expect(mine.comments.map((c) => c.html).sort()).toEqual(
      ["Ý kiến của operator", "Ý kiến của operator", "Ý kiến của owner", "Ý kiến của owner"].sort(),
    );
    // Revoking the link closes the discussion to those who came by it, at once.
    await unshareOwnPractice(db, users.owner, sharedCode);
    await expect(
      readDiscussion(db, users.other, questions.shared, shareAddress),
    ).rejects.toMatchObject({ status: 404 });
    await expect(readDiscussion(db, null, questions.shared, shareAddress)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("a comment's maths renders; HTML, scripts and links stay text", async () => {
    const db = database().db;
    const id = await postComment(deps(), users.other, {
      questionId: questions.public,
      body: 'Ta có $x^2 + 1 > 0$ <script>alert("x")</script> <img src=x onerror=alert(1)> `a < b`',
    });
    const { comments } = await readDiscussion(db, null, questions.public);
    const html = comments.find((c) => c.id === id)!.html;
    expect(html).toContain('class="katex"');
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("<code>a &lt; b</code>");
  });

  it("replies one level deep, sorted by votes; edit, delete and vote on one's own terms", async () => {
    const db = database().db;
    const q = questions.public;
    const first = await postComment(deps(), users.owner, { questionId: q, body: "Thứ nhất" });
    const second = await postComment(deps(), users.operator, { questionId: q, body: "Thứ hai" });
    const reply = await postComment(deps(), users.other, {
      questionId: q,
      body: "Trả lời",
      parentId: first,
    });
    await expect(
      postComment(deps(), users.other, { questionId: q, body: "Sâu hơn", parentId: reply }),
    ).rejects.toMatchObject({ code: "INVALID" });
    // A reply under another question's comment: not found.
    await expect(
      postComment(deps(), users.other, {
        questionId: questions.shared,
        address: privateCode,
        body: "x",
        parentId: first,
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await voteComment(deps(), users.other, { commentId: second, up: true })).toBe(1);
    expect(await voteComment(deps(), users.other, { commentId: second, up: true })).toBe(1);
    expect(await voteComment(deps(), users.owner, { commentId: second, up: true })).toBe(2);
    expect(await voteComment(deps(), users.owner, { commentId: second, up: false })).toBe(1);
    let read = await readDiscussion(db, users.other, q);
    const order = read.comments.map((c) => c.id);
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(first));
    expect(read.comments.find((c) => c.id === second)).toMatchObject({ votes: 1, voted: true });
    expect(read.comments.find((c) => c.id === first)!.replies.map((r) => r.id)).toEqual([reply]);

    await expect(
      editComment(deps(), users.other, { commentId: first, body: "Sửa của người khác" }),
    ).rejects.toMatchObject({ status: 403 });
    await editComment(deps(), users.owner, { commentId: first, body: "Thứ nhất (đã sửa)" });
    await expect(removeComment(deps(), users.other, { commentId: first })).rejects.toMatchObject({
      status: 403,
    });
    await removeComment(deps(), users.owner, { commentId: first });
    read = await readDiscussion(db, users.other, q);
    // Deleted, its reply still hangs under it; its text and author are gone.
    expect(read.comments.find((c) => c.id === first)).toMatchObject({
      deleted: true,
      html: "",
      authorName: "",
      replies: [{ id: reply }],
    });
    await expect(
      postComment(deps(), users.other, { questionId: q, body: "   " }),
    ).rejects.toMatchObject({ code: "INVALID" });
    await expect(
      postComment(deps(), users.other, { questionId: q, body: "x".repeat(2001) }),
    ).rejects.toMatchObject({ code: "INVALID" });
  });

  it("reports go to the operators, who hide a comment everywhere; limits stop a flood", async () => {
    const db = database().db;
    const q = questions.public;
    const rude = await postComment(deps(), users.other, { questionId: q, body: "Bình luận xấu" });
    await expect(reportComment(deps(), users.other, { commentId: rude })).rejects.toMatchObject({
      code: "INVALID",
    });
    await reportComment(deps(), users.owner, { commentId: rude });
    await expect(reportComment(deps(), users.owner, { commentId: rude })).rejects.toMatchObject({
      status: 409,
    });
    await expect(moderateComment(deps(), users.owner, rude, "hide")).rejects.toMatchObject({
      status: 403,
    });
    const before = (await countComments(db, [q])).get(q)!;
    await moderateComment(deps(), users.operator, rude, "hide");
    const read = await readDiscussion(db, null, q);
    expect(read.comments.some((c) => c.id === rude)).toBe(false);
    expect((await countComments(db, [q])).get(q)).toBe(before - 1);
    await expect(
      voteComment(deps(), users.owner, { commentId: rude, up: true }),
    ).rejects.toMatchObject({ status: 404 });

    const limits = createDatabaseRateLimitStore(db);
    for (let n = 0; n < 10; n += 1) {
      await postComment({ ...deps(), limits }, users.operator, { questionId: q, body: `Số ${n}` });
    }
    await expect(
      postComment({ ...deps(), limits }, users.operator, { questionId: q, body: "Quá nhiều" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });
});
