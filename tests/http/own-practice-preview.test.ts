import { serverVi } from "#base/i18n/vi-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedVi } from "#base/i18n/vi.ts";
import { postForm, signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { makeDocx, paragraphsOf } from "#tests/support/make-docx.ts";
import { ownPracticeSample, withThreeErrors } from "#tests/support/own-practice-sample.ts";
import { OWN_PREVIEW_RATE, type PreviewReply } from "#services/own-practices/preview.ts";
import { OWN_PRACTICE_BODY_LIMIT, OWN_PRACTICE_UPLOAD_LIMIT } from "#server/request-guards.ts";

/**
 * POST /my-practices/preview (ADR 0014): signed in only, same origin only, its body capped
 * before it is read, limited per user; bad input of any shape is a 4xx with a Vietnamese
 * message. And the editor's pages: a visitor goes to sign-in, a save with errors is refused.
 */
let server: TestServer;
let cookie: string;
const errors = serverVi.ownPracticeEditor.errors;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
  ({ cookie } = await signUp(server, { email: "tu-soan@example.com" }));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function preview(body: FormData | string, headers: Record<string, string> = {}) {
  return fetch(`${server.base}/my-practices/preview`, {
    method: "POST",
    headers: { cookie, origin: server.base, ...headers },
    body,
  });
}

function textForm(text: string, fileName?: string): FormData {
  const form = new FormData();
  form.set("text", text);
  if (fileName) form.set("fileName", fileName);
  return form;
}

function fileForm(bytes: Uint8Array, name: string): FormData {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  return form;
}

describe("POST /my-practices/preview", () => {
  it("answers the questions as the room shows them and every problem at its line", async () => {
    const response = await preview(textForm(withThreeErrors(ownPracticeSample)));
    expect(response.status).toBe(200);
    const body = (await response.json()) as PreviewReply;
    expect(body.questions).toHaveLength(30);
    expect(body.chapterCount).toBe(2);
    expect(body.questions[0]?.answers.map((a) => a.isKey)).toEqual([false, true, false, false]);
    expect(body.problems.map((p) => [p.line, p.severity])).toEqual([
      [22, "error"],
      [71, "error"],
      [119, "error"],
    ]);
    expect(body.problems[0]?.message).toBe("Đáp án “E” không có trong các phương án A–D");
  });

  it("converts a dropped Word file to text, with the same preview as the text", async () => {
    const docx = await makeDocx(paragraphsOf(ownPracticeSample));
    const response = await preview(fileForm(docx, "tin-hoc.docx"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as PreviewReply;
    expect(body.text).toBe(ownPracticeSample.trimEnd());
    expect(body.fileName).toBe("tin-hoc.docx");
    expect(body.notes).toEqual([]);
    const pasted = (await (await preview(textForm(ownPracticeSample))).json()) as PreviewReply;
    expect(body.questions).toEqual(pasted.questions);
  });

  it("reads a dropped text file by its extension (CSV here)", async () => {
    const csv = 'question,answer_a,answer_b,keys\n"Thủ đô của Việt Nam?",Hà Nội,Huế,A\n';
    const response = await preview(fileForm(new TextEncoder().encode(csv), "de.csv"));
    const body = (await response.json()) as PreviewReply;
    expect(response.status).toBe(200);
    expect(body.questions).toHaveLength(1);
    // Later previews of the edited text keep reading it as CSV.
    const again = await preview(textForm(body.text!, body.fileName));
    expect(((await again.json()) as PreviewReply).questions).toHaveLength(1);
  });

  it("refuses a visitor, another site, a GET, another content type and bad files, in Vietnamese", async () => {
    const visitor = await fetch(`${server.base}/my-practices/preview`, {
      method: "POST",
      headers: { origin: server.base },
      body: textForm("Câu 1: x"),
    });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: errors.UNAUTHENTICATED,
    });

    const crossSite = await preview(textForm("Câu 1: x"), { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { message: string }).message).toMatch(/trang web khác/u);

    const get = await fetch(`${server.base}/my-practices/preview`, { headers: { cookie } });
    expect(get.status).toBe(405);

    const json = await preview(JSON.stringify({ text: "x" }), {
      "content-type": "application/json",
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ code: "BAD_REQUEST", message: errors.BAD_REQUEST });

    const noText = await preview(new FormData());
    expect(noText.status).toBe(400);

    const pdf = await preview(fileForm(new Uint8Array([37, 80, 68, 70]), "de.pdf"));
    expect(pdf.status).toBe(415);
    expect(((await pdf.json()) as { message: string }).message).toBe(errors.UNSUPPORTED_FILE);

    const broken = await preview(fileForm(new TextEncoder().encode("không phải zip"), "de.docx"));
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as { message: string }).message).toMatch(
      /^Không đọc được tệp Word/u,
    );

    const latin1 = await preview(fileForm(new Uint8Array([0x43, 0xe2, 0x75]), "de.txt"));
    expect(latin1.status).toBe(422);
    expect(((await latin1.json()) as { message: string }).message).toMatch(/UTF-8/u);
  });

  it("caps the body before reading it: 10 MB with a file, as the declared length says", async () => {
    const response = await fetch(`${server.base}/my-practices/preview`, {
      method: "POST",
      headers: { cookie, origin: server.base, "content-type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(OWN_PRACTICE_UPLOAD_LIMIT + 1),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      sharedVi.requests.tooLarge("10 MB"),
    );
  });

  it(
    "limits each student's previews per minute, with Retry-After",
    { timeout: 60_000 },
    async () => {
      const { cookie: own } = await signUp(server, { email: "nhanh-tay@example.com" });
      const send = () =>
        fetch(`${server.base}/my-practices/preview`, {
          method: "POST",
          headers: { cookie: own, origin: server.base },
          body: textForm("Câu 1: Hỏi\nA. Có\nB. Không\nĐáp án: A"),
        });
      for (let i = 0; i < OWN_PREVIEW_RATE.max; i += 1) expect((await send()).status).toBe(200);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/quá nhiều/u);
      // Another student is not held back by it.
      expect((await preview(textForm("Câu 1: x"))).status).toBe(200);
    },
  );
});

describe("the editor's pages", () => {
  it("sends a visitor to sign in and back", async () => {
    const page = await fetch(`${server.base}/my-practices/new`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fmy-practices%2Fnew");
    const save = await postForm(
      server.base,
      "/my-practices/new",
      { title: "x" },
      { origin: server.base },
    );
    expect(save.status).toBe(302);
    expect(save.headers.get("location")).toMatch(/^\/login/u);
  });

  it("refuses to save a text with errors or without a title, keeping what was typed", async () => {
    const form = new FormData();
    form.set("title", "   ");
    form.set("text", withThreeErrors(ownPracticeSample));
    const response = await fetch(`${server.base}/my-practices/new`, {
      method: "POST",
      headers: { cookie, origin: server.base, accept: "text/html" },
      body: form,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Vui lòng nhập tên đề");
    expect(html).toContain("Đề còn lỗi nên chưa được lưu");
    expect(html).toContain("Đáp án: E");
  });

  it("caps a save's body at the text's limit plus the form, and the edit page answers 404 for a practice that is not the student's", async () => {
    const response = await fetch(`${server.base}/my-practices/new`, {
      method: "POST",
      headers: { cookie, origin: server.base, "content-type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(OWN_PRACTICE_BODY_LIMIT + 1),
    });
    expect(response.status).toBe(413);
    const edit = await fetch(`${server.base}/my-practices/khong-co/edit`, { headers: { cookie } });
    expect(edit.status).toBe(404);
  });
});

describe("the parse pool's refusals (ADR 0015)", () => {
  let busy: TestServer;
  let busyCookie: string;
  beforeAll(async () => {
    // One thread and no queue: a second job while one runs is refused at once.
    busy = await startTestServer({
      AUTH_RATE_LIMIT: "false",
      PARSE_THREADS: "1",
      PARSE_QUEUE: "0",
      PARSE_TIME_LIMIT_MS: "3000",
    });
    ({ cookie: busyCookie } = await signUp(busy, { email: "ban-ron@example.com" }));
  }, 120_000);
  afterAll(async () => {
    await busy?.close();
  });

  function send(text: string) {
    return fetch(`${busy.base}/my-practices/preview`, {
      method: "POST",
      headers: { cookie: busyCookie, origin: busy.base },
      body: textForm(text),
    });
  }

  it("a text too costly to read in time is a 422, and a job finding the pool full a 503 with Retry-After, in Vietnamese", async () => {
    // 150,000 formulas: every pattern is linear, yet KaTeX needs far more than the time limit.
    const slow = send(`Câu 1: ${"$x^2 + y$ ".repeat(150_000)}\nA. y\nB. z\nĐáp án: A\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await send("Câu 1: x\nA. y\nB. z\nĐáp án: A\n");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({ code: "PARSER_BUSY", message: errors.PARSER_BUSY });
    const stopped = await slow;
    expect(stopped.status).toBe(422);
    expect(await stopped.json()).toEqual({
      code: "TEXT_TOO_COSTLY",
      message: errors.TEXT_TOO_COSTLY,
    });
    // The thread it ended is replaced: the next preview is answered.
    expect((await send("Câu 1: x\nA. y\nB. z\nĐáp án: A\n")).status).toBe(200);
  });
});
