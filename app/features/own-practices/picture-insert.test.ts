import { afterEach, describe, expect, it, vi as vitest } from "vitest";
import { parseOwnText } from "#content/parse-own-text.ts";
import { PICTURE_MAX_INPUT_BYTES } from "#base/limits.ts";
import {
  isPictureFile,
  pictureToken,
  picturesOfPaste,
  placePicture,
  replaceSegment,
  uploadPicture,
} from "./picture-insert.ts";

const HASH = "0123456789abcdef0123456789abcdef";
const TOKEN = pictureToken(HASH);
const PICTURES = [{ hash: HASH, type: "png" as const, width: 40, height: 30, hasSmall: false }];

/** The text with the picture put where `|` stands (a selection between two `|`). */
function placeAt(marked: string) {
  const start = marked.indexOf("|");
  const end = marked.lastIndexOf("|") - (marked.lastIndexOf("|") > start ? 1 : 0);
  return placePicture(marked.replaceAll("|", ""), start, end, TOKEN);
}

/** Where the picture lands in the parsed question: "text" or "answer <n>". */
function whereParsed(text: string): string[] {
  const { parsed, problems } = parseOwnText({ text, pictures: PICTURES });
  expect(problems).toEqual([]);
  const question = parsed!.questions[0]!;
  return [
    ...(question.text.includes(TOKEN) ? ["text"] : []),
    ...question.answers.flatMap((answer, i) =>
      answer.text.includes(TOKEN) ? [`answer ${i}`] : [],
    ),
  ];
}

describe("the token", () => {
  it("is the design's markdown picture with the alt “Hình”", () => {
    expect(TOKEN).toBe(`![Hình](picture:${HASH})`);
  });
});

describe("placePicture: where a pasted picture goes", () => {
  const QUESTION = "Câu 1: Hình nào là đồ thị?\nA. Hình 1\nB. Hình 2\nĐáp án: A";

  it("after the end of a line: on its own line below, in the question or answer that line is", () => {
    const placed = placeAt("Câu 1: Hình nào là đồ thị?|\nA. Hình 1\nB. Hình 2\nĐáp án: A");
    expect(placed.text).toBe(
      `Câu 1: Hình nào là đồ thị?\n${TOKEN}\nA. Hình 1\nB. Hình 2\nĐáp án: A`,
    );
    expect(placed.caret).toBe(placed.text.indexOf(TOKEN) + TOKEN.length);
    expect(whereParsed(placed.text)).toEqual(["text"]);

    const afterAnswer = placeAt("Câu 1: Hình nào là đồ thị?\nA. Hình 1|\nB. Hình 2\nĐáp án: A");
    expect(whereParsed(afterAnswer.text)).toEqual(["answer 0"]);
  });

  it("at the start of a line: on its own line above it, so it ends what comes before", () => {
    const placed = placeAt("Câu 1: Hình nào là đồ thị?\n|A. Hình 1\nB. Hình 2\nĐáp án: A");
    expect(placed.text).toBe(
      `Câu 1: Hình nào là đồ thị?\n${TOKEN}\nA. Hình 1\nB. Hình 2\nĐáp án: A`,
    );
    expect(whereParsed(placed.text)).toEqual(["text"]);
  });

  it("mid-line: on its own line between the two halves", () => {
    const placed = placeAt("Câu 1: Hình nào| là đồ thị?\nA. Hình 1\nB. Hình 2\nĐáp án: A");
    expect(placed.text).toBe(
      `Câu 1: Hình nào\n${TOKEN}\n là đồ thị?\nA. Hình 1\nB. Hình 2\nĐáp án: A`,
    );
    expect(whereParsed(placed.text)).toEqual(["text"]);
  });

  it("on an empty line or in an empty area: just there", () => {
    expect(placeAt(`${QUESTION.split("\n")[0]}\n|\nA. Có\nB. Không\nĐáp án: A`).segment).toBe(
      TOKEN,
    );
    const empty = placeAt("|");
    expect(empty).toEqual({ text: TOKEN, at: 0, segment: TOKEN, caret: TOKEN.length });
  });

  it("after “A. ” ending a line: right there, the answer is the picture", () => {
    const placed = placeAt("Câu 1: Đồ thị nào liên thông?\nA. |\nB. Không có\nĐáp án: A");
    expect(placed.text).toBe(`Câu 1: Đồ thị nào liên thông?\nA. ${TOKEN}\nB. Không có\nĐáp án: A`);
    expect(whereParsed(placed.text)).toEqual(["answer 0"]);
  });

  it("replaces a selection, as a paste does", () => {
    const placed = placeAt("Câu 1: Xem |[hình ở đây]|\nA. Có\nB. Không\nĐáp án: A");
    expect(placed.text).toBe(`Câu 1: Xem ${TOKEN}\nA. Có\nB. Không\nĐáp án: A`);
  });

  it("keeps a selection past the text's end inside it", () => {
    expect(placePicture("Câu 1: x", 99, 99, TOKEN).text).toBe(`Câu 1: x\n${TOKEN}`);
  });
});

describe("replaceSegment: a placeholder becomes its picture while the student types", () => {
  const text = "Câu 1: trước\n![Đang tải ảnh 1…]()\nsau đó";
  const placeholder = "![Đang tải ảnh 1…]()";

  it("moves a caret behind it by the difference, keeps one before it", () => {
    const behind = text.length;
    const replaced = replaceSegment(text, placeholder, TOKEN, [behind, behind])!;
    expect(replaced.text).toBe(`Câu 1: trước\n${TOKEN}\nsau đó`);
    expect(replaced.selection).toEqual([replaced.text.length, replaced.text.length]);
    expect(replaceSegment(text, placeholder, TOKEN, [3, 5])!.selection).toEqual([3, 5]);
  });

  it("puts a caret inside it behind the replacement, and answers null when it is gone", () => {
    const inside = text.indexOf(placeholder) + 4;
    const replaced = replaceSegment(text, placeholder, "", [inside, inside])!;
    expect(replaced.selection).toEqual([text.indexOf(placeholder), text.indexOf(placeholder)]);
    expect(replaceSegment("Câu 1: x", placeholder, TOKEN, [0, 0])).toBeNull();
  });
});

describe("which files and pastes are pictures", () => {
  const png = new File([new Uint8Array([1])], "anh.png", { type: "image/png" });
  const docx = new File([new Uint8Array([1])], "de.docx", {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  });
  const clipboard = (text: string, files: File[]) => ({
    getData: (type: string) => (type === "text/plain" ? text : ""),
    files,
  });

  it("a picture by its type, or by its name when the system gave no type; never a bank file", () => {
    expect(isPictureFile(png)).toBe(true);
    expect(isPictureFile({ name: "Ảnh chụp.JPG", type: "" })).toBe(true);
    expect(isPictureFile({ name: "so-do.svg", type: "image/svg+xml" })).toBe(true);
    expect(isPictureFile(docx)).toBe(false);
    expect(isPictureFile({ name: "de.txt", type: "" })).toBe(false);
  });

  it("a screenshot pasted alone inserts it; text copied from Word with a picture of it pastes the text", () => {
    expect(picturesOfPaste(clipboard("", [png]))).toEqual([png]);
    expect(picturesOfPaste(clipboard("Câu 1: Thủ đô?\nA. Hà Nội", [png]))).toEqual([]);
    expect(picturesOfPaste(clipboard("  \n", [png, docx]))).toEqual([png]);
    expect(picturesOfPaste(clipboard("", []))).toEqual([]);
  });
});

describe("uploadPicture", () => {
  afterEach(() => {
    vitest.unstubAllGlobals();
  });

  function answer(status: number, body: unknown) {
    const fetch = vitest.fn(async () => Response.json(body, { status }));
    vitest.stubGlobal("fetch", fetch);
    return fetch;
  }

  it("sends the picture as the raw body with its type, and gives back what the server stored", async () => {
    const stored = { hash: HASH, type: "webp", width: 800, height: 600, hasSmall: true };
    const fetch = answer(200, stored);
    const file = new File([new Uint8Array([137, 80, 78, 71])], "a.png", { type: "image/png" });
    expect(await uploadPicture(file)).toEqual({ ok: true, picture: stored });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/pictures");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(file);
    expect(init.headers).toEqual({ "content-type": "image/png" });
  });

  it("a refusal carries the server's message; a lost connection or an answer without one, ours", async () => {
    answer(422, { code: "BAD_PICTURE", message: "Hình là ảnh SVG, có thể chứa mã chạy được" });
    expect(await uploadPicture(new Blob(["<svg/>"]))).toEqual({
      ok: false,
      message: "Hình là ảnh SVG, có thể chứa mã chạy được",
    });
    answer(502, "Bad gateway");
    expect(await uploadPicture(new Blob(["x"]))).toEqual({
      ok: false,
      message: "Chưa tải được ảnh lên. Hãy kiểm tra mạng rồi chèn lại.",
    });
    vitest.stubGlobal(
      "fetch",
      vitest.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect((await uploadPicture(new Blob(["x"]))).ok).toBe(false);
  });

  it("refuses a picture over the server's limit without sending it", async () => {
    const fetch = answer(200, {});
    const big = new Blob([new Uint8Array(PICTURE_MAX_INPUT_BYTES + 1)]);
    expect(await uploadPicture(big)).toEqual({
      ok: false,
      message: "Ảnh nặng quá 10 MB: hãy thu nhỏ hoặc nén ảnh rồi chèn lại",
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});
