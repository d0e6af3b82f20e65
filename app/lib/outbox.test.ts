import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { AnySubmission } from "#services/attempts/save-attempt.ts";
import { flushOutbox } from "./outbox.ts";
import {
  deleteEverything,
  dismissFromOutbox,
  listOutbox,
  queueAttempt,
  type QueuedAttempt,
} from "./device-store.ts";

/** The outbox of attempts finished offline (ADR 0013), against an in-memory IndexedDB. */

function queued(id: string, finishedAt: number, userId = "u1"): QueuedAttempt {
  return {
    id,
    userId,
    submission: { id } as unknown as AnySubmission,
    title: "Phòng luyện thử",
    label: "Tất cả 5 câu hỏi",
    numberOfRight: 5,
    questionCount: 5,
    totalTime: 40,
    finishedAt,
    state: "pending",
  };
}

/** A server that answers each attempt id as told, and records what it was sent. */
function server(answers: Record<string, number | "drop">) {
  const sent: string[] = [];
  const owners: unknown[] = [];
  const fetcher = (async (_url: string, init?: RequestInit) => {
    const { id, owner } = JSON.parse(String(init?.body)) as { id: string; owner?: unknown };
    sent.push(id);
    owners.push(owner);
    const answer = answers[id] ?? 200;
    if (answer === "drop") throw new TypeError("Failed to fetch");
    const body =
      answer === 200
        ? { attempt: { id } }
        : answer === 409
          ? { code: "NOT_YOUR_ATTEMPT", message: "Bài làm này thuộc về tài khoản khác." }
          : { code: "QUESTIONS_MISMATCH", message: "Các câu hỏi của bài làm không khớp" };
    return new Response(JSON.stringify(body), { status: answer });
  }) as typeof fetch;
  return { fetcher, sent, owners };
}

afterEach(() => deleteEverything());

describe("flushOutbox", () => {
  it("sends the oldest first and removes what the server saved", async () => {
    await queueAttempt(queued("b", 2));
    await queueAttempt(queued("a", 1));
    const { fetcher, sent } = server({});
    expect(await flushOutbox(fetcher, "u1")).toEqual({ saved: 2, refused: 0, waiting: 0 });
    expect(sent).toEqual(["a", "b"]);
    expect(await listOutbox()).toEqual([]);
  });

  it("keeps an attempt the server refused, with its reason, and does not send it again", async () => {
    await queueAttempt(queued("a", 1));
    const first = server({ a: 422 });
    expect(await flushOutbox(first.fetcher, "u1")).toEqual({ saved: 0, refused: 1, waiting: 0 });
    expect(await listOutbox("u1")).toMatchObject([
      { id: "a", state: "refused", message: "Các câu hỏi của bài làm không khớp" },
    ]);
    const second = server({});
    await flushOutbox(second.fetcher, "u1");
    expect(second.sent).toEqual([]);
  });

  it("stops at a dropped connection and keeps the rest for later", async () => {
    await queueAttempt(queued("a", 1));
    await queueAttempt(queued("b", 2));
    const { fetcher, sent } = server({ a: "drop" });
    expect(await flushOutbox(fetcher, "u1")).toEqual({ saved: 0, refused: 0, waiting: 2 });
    expect(sent).toEqual(["a"]);
    expect((await listOutbox()).map((entry) => entry.state)).toEqual(["pending", "pending"]);
  });

  it("keeps an attempt whose session ended, marked, until the student signs in again", async () => {
    await queueAttempt(queued("a", 1));
    await flushOutbox(server({ a: 401 }).fetcher, "u1");
    expect(await listOutbox()).toMatchObject([{ id: "a", state: "signedOut" }]);
    const { fetcher } = server({});
    expect(await flushOutbox(fetcher, "u1")).toMatchObject({ saved: 1 });
  });

  it("sends each attempt once when two flushes start together (a page and the worker)", async () => {
    await queueAttempt(queued("a", 1));
    const { fetcher, sent } = server({});
    await Promise.all([flushOutbox(fetcher, "u1"), flushOutbox(fetcher, "u1")]);
    expect(sent).toEqual(["a"]);
  });

  it("queues an attempt once, whatever a second finish of the same room sends", async () => {
    await queueAttempt(queued("a", 1));
    await queueAttempt({ ...queued("a", 9), title: "khác" });
    expect(await listOutbox()).toMatchObject([{ id: "a", finishedAt: 1 }]);
  });

  it("A's offline attempts are not saved into B's account: B's session sends only B's, A's wait for A", async () => {
    await queueAttempt(queued("a", 1, "student-a"));
    await queueAttempt(queued("b", 2, "student-b"));
    const asB = server({});
    expect(await flushOutbox(asB.fetcher, "student-b")).toEqual({
      saved: 1,
      refused: 0,
      waiting: 0,
    });
    expect(asB.sent).toEqual(["b"]);
    expect(await listOutbox()).toMatchObject([{ id: "a", userId: "student-a", state: "pending" }]);

    const asA = server({});
    await flushOutbox(asA.fetcher, "student-a");
    expect(asA.sent).toEqual(["a"]);
    expect(await listOutbox()).toEqual([]);
  });

  it("sends nothing when nobody is signed in on the device", async () => {
    await queueAttempt(queued("a", 1));
    const { fetcher, sent } = server({});
    await flushOutbox(fetcher, null);
    expect(sent).toEqual([]);
    expect(await listOutbox()).toHaveLength(1);
  });

  it("stamps each attempt sent with its owner, so the server can refuse it under another session", async () => {
    await queueAttempt(queued("a", 1, "student-a"));
    const { fetcher, owners } = server({});
    await flushOutbox(fetcher, "student-a");
    expect(owners).toEqual(["student-a"]);
  });

  it("keeps an attempt the server says is another account's waiting for its owner, never refused", async () => {
    await queueAttempt(queued("a", 1, "student-a"));
    const { fetcher } = server({ a: 409 });
    expect(await flushOutbox(fetcher, "student-a")).toMatchObject({ saved: 0, refused: 0 });
    // Shown to its owner as waiting for them to sign in again.
    expect(await listOutbox()).toMatchObject([{ id: "a", state: "signedOut" }]);
  });

  it("'Bỏ bài này' removes only the signed-in student's own entry", async () => {
    await queueAttempt({ ...queued("a", 1, "student-a"), state: "refused" });
    await dismissFromOutbox("a", "student-b");
    expect(await listOutbox()).toHaveLength(1);
    await dismissFromOutbox("a", "student-a");
    expect(await listOutbox()).toEqual([]);
  });
});
