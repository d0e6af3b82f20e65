import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { AnySubmission } from "#server/attempts.ts";
import { flushOutbox } from "./outbox.ts";
import { deleteEverything, listOutbox, queueAttempt, type QueuedAttempt } from "./offline-store.ts";

/** The outbox of attempts finished offline (issue 17), against an in-memory IndexedDB. */

function queued(id: string, finishedAt: number): QueuedAttempt {
  return {
    id,
    userId: "u1",
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
  const fetcher = (async (_url: string, init?: RequestInit) => {
    const { id } = JSON.parse(String(init?.body)) as { id: string };
    sent.push(id);
    const answer = answers[id] ?? 200;
    if (answer === "drop") throw new TypeError("Failed to fetch");
    const body =
      answer === 200
        ? { attempt: { id } }
        : { code: "QUESTIONS_MISMATCH", message: "Các câu hỏi của bài làm không khớp" };
    return new Response(JSON.stringify(body), { status: answer });
  }) as typeof fetch;
  return { fetcher, sent };
}

afterEach(() => deleteEverything());

describe("flushOutbox", () => {
  it("sends the oldest first and removes what the server saved", async () => {
    await queueAttempt(queued("b", 2));
    await queueAttempt(queued("a", 1));
    const { fetcher, sent } = server({});
    expect(await flushOutbox(fetcher)).toEqual({ saved: 2, refused: 0, waiting: 0 });
    expect(sent).toEqual(["a", "b"]);
    expect(await listOutbox()).toEqual([]);
  });

  it("keeps an attempt the server refused, with its reason, and does not send it again", async () => {
    await queueAttempt(queued("a", 1));
    const first = server({ a: 422 });
    expect(await flushOutbox(first.fetcher)).toEqual({ saved: 0, refused: 1, waiting: 0 });
    expect(await listOutbox("u1")).toMatchObject([
      { id: "a", state: "refused", message: "Các câu hỏi của bài làm không khớp" },
    ]);
    const second = server({});
    await flushOutbox(second.fetcher);
    expect(second.sent).toEqual([]);
  });

  it("stops at a dropped connection and keeps the rest for later", async () => {
    await queueAttempt(queued("a", 1));
    await queueAttempt(queued("b", 2));
    const { fetcher, sent } = server({ a: "drop" });
    expect(await flushOutbox(fetcher)).toEqual({ saved: 0, refused: 0, waiting: 2 });
    expect(sent).toEqual(["a"]);
    expect((await listOutbox()).map((entry) => entry.state)).toEqual(["pending", "pending"]);
  });

  it("keeps an attempt whose session ended, marked, until the student signs in again", async () => {
    await queueAttempt(queued("a", 1));
    await flushOutbox(server({ a: 401 }).fetcher);
    expect(await listOutbox()).toMatchObject([{ id: "a", state: "signedOut" }]);
    const { fetcher } = server({});
    expect(await flushOutbox(fetcher)).toMatchObject({ saved: 1 });
  });

  it("sends each attempt once when two flushes start together (a page and the worker)", async () => {
    await queueAttempt(queued("a", 1));
    const { fetcher, sent } = server({});
    await Promise.all([flushOutbox(fetcher), flushOutbox(fetcher)]);
    expect(sent).toEqual(["a"]);
  });

  it("queues an attempt once, whatever a second finish of the same room sends", async () => {
    await queueAttempt(queued("a", 1));
    await queueAttempt({ ...queued("a", 9), title: "khác" });
    expect(await listOutbox()).toMatchObject([{ id: "a", finishedAt: 1 }]);
  });
});
