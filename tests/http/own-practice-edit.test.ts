import { serverVi } from "#base/i18n/vi-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { ownPracticeSample } from "#tests/support/own-practice-sample.ts";

/**
 * "Sửa đề" over HTTP: an edit carries the version of the practice it started from, and a save
 * that started from an older version is refused with a message, never silently lost.
 */
let server: TestServer;
let cookie: string;
let code: string;
const stale = serverVi.ownPractices.errors.STALE_EDIT;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
  ({ cookie } = await signUp(server, { email: "hai-the@example.com" }));
  const created = await save("/my-practices/new", {
    title: "Tin học 10",
    text: ownPracticeSample,
  });
  code = decodeURIComponent(created.headers.get("location")!.replace("/practice-review/", ""));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function save(path: string, fields: Record<string, string>) {
  return postForm(server.base, path, fields, { cookie, origin: server.base });
}

/** The version the edit page starts from, as the browser would send it back. */
async function versionOnEditPage(): Promise<string> {
  const html = await (
    await fetch(`${server.base}/my-practices/${code}/edit`, { headers: { cookie } })
  ).text();
  return /name="version" value="(\d+)"/.exec(html)?.[1] ?? "";
}

async function questionTexts(): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom("question")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .select("question.text")
    .where("practice.code", "=", code)
    .where("question.retired", "=", 0)
    .orderBy("question.idx")
    .execute();
  return rows.map((row) => row.text);
}

function edited(line: string, replacement: string): string {
  if (!ownPracticeSample.includes(line)) throw new Error(`no line “${line}” in the sample`);
  return ownPracticeSample.replace(line, replacement);
}

describe("POST /my-practices/:code/edit", () => {
  it("two edits from one starting version: the later one is refused (409), not silently lost", async () => {
    const version = await versionOnEditPage();
    const [first, second] = (await questionTexts()).slice(0, 2) as [string, string];
    const firstTab = await save(`/my-practices/${code}/edit`, {
      title: "Tin học 10",
      version,
      text: edited(first, `${first} (sửa ở thẻ 1)`),
    });
    expect(firstTab.status).toBe(302);
    const secondTab = await save(`/my-practices/${code}/edit`, {
      title: "Tin học 10",
      version,
      text: edited(second, `${second} (sửa ở thẻ 2)`),
    });
    expect(secondTab.status).toBe(409);
    const html = await secondTab.text();
    // The refusal says why, and the student's text is still in the editor to merge.
    expect(html).toContain(stale);
    expect(html).toContain("(sửa ở thẻ 2)");
    const now = await questionTexts();
    expect(now[0]).toBe(`${first} (sửa ở thẻ 1)`);
    expect(now[1]).toBe(second);
  });

  it("a save from the version after the last edit goes through", async () => {
    const version = await versionOnEditPage();
    const response = await save(`/my-practices/${code}/edit`, {
      title: "Tin học 10 (bản mới)",
      version,
      text: ownPracticeSample,
    });
    expect(response.status).toBe(302);
    expect(await versionOnEditPage()).toBe(String(Number(version) + 1));
  });

  it("a save without a version, or with a malformed one, is refused and changes nothing", async () => {
    const before = await questionTexts();
    for (const version of [undefined, "", "abc", "-1", "1e9999"]) {
      const fields: Record<string, string> = {
        title: "Đổi tên",
        text: "Câu 1: x?\nA. a\nB. b\nĐáp án: A",
      };
      if (version !== undefined) fields.version = version;
      const response = await save(`/my-practices/${code}/edit`, fields);
      expect(response.status).toBe(409);
    }
    expect(await questionTexts()).toEqual(before);
  });
});
