import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readPictureBytes } from "#db/pictures.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import type { Bank } from "../formats/types.ts";
import { importBanks } from "../import-bank.ts";
import { renderRichText } from "../rich-text.ts";
import { resolveBankPictures } from "./bank-pictures.ts";
import { encodePicture } from "./encode-picture.ts";

function png(width: number, height: number, colour = "#336699"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe("encodePicture", () => {
  it("re-encodes a large photo to at most 1600 px, with a 640-px variant", async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: "#888" },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "someone" } } })
      .toBuffer();
    const result = await encodePicture(photo, "Ảnh");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.picture).toMatchObject({ width: 1600, height: 1067, hasSmall: true });
    expect(result.picture.hash).toMatch(/^[0-9a-f]{32}$/u);
    const stored = await sharp(Buffer.from(result.picture.bytes)).metadata();
    expect(stored.exif).toBeUndefined();
    expect((await sharp(Buffer.from(result.picture.small!)).metadata()).width).toBe(640);
  });

  it("gives the same picture back for what it stored (an export re-imports unchanged)", async () => {
    const first = await encodePicture(await png(800, 300), "Ảnh");
    if (!first.ok) throw new Error(first.message);
    const again = await encodePicture(first.picture.bytes, "Ảnh");
    if (!again.ok) throw new Error(again.message);
    expect(again.picture.hash).toBe(first.picture.hash);
  });

  it("refuses an SVG, an HTML file named .png, a header claiming 100,000 × 100,000 and a 40 MP picture", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await encodePicture(svg, "Ảnh “x.svg”")).toMatchObject({
      ok: false,
      message: expect.stringContaining("SVG"),
    });
    const html = Buffer.from("<!doctype html><html><body>hi</body></html>");
    expect(await encodePicture(html, "Ảnh “x.png”")).toMatchObject({
      ok: false,
      message: expect.stringContaining("không phải là ảnh"),
    });
    const huge = await png(1, 1);
    // The IHDR's width and height (bytes 16–23) rewritten: the CRC no longer matches, the header still says so.
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    const refused = await encodePicture(huge, "Ảnh");
    expect(refused.ok).toBe(false);
    const forty = await sharp({
      create: { width: 8000, height: 5000, channels: 3, background: "#fff" },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await encodePicture(forty, "Ảnh")).toMatchObject({
      ok: false,
      message: expect.stringContaining("megapixel"),
    });
  });
});

describe("renderRichText with pictures", () => {
  it("renders a picture in place with its size, alt text and phone variant; an unknown one as its alt text", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    const catalog = new Map([
      [hash, { hash, type: "webp" as const, width: 1200, height: 800, hasSmall: true }],
    ]);
    const html = renderRichText(`Quan sát ![Mạch điện "RC"](picture:${hash}) rồi trả lời`, catalog);
    expect(html).toContain(`src="/pictures/${hash}.webp"`);
    expect(html).toContain(
      `srcset="/pictures/${hash}-640.webp 640w, /pictures/${hash}.webp 1200w"`,
    );
    expect(html).toContain(
      'width="1200" height="800" alt="Mạch điện &quot;RC&quot;" loading="lazy"',
    );
    expect(html.startsWith("Quan sát <button")).toBe(true);
    expect(renderRichText("![Hình 2](picture:nothere)")).toBe(
      '<span class="q-picture-missing">[Hình 2]</span>',
    );
    expect(renderRichText("`![a](picture:b)`")).toBe("<code>![a](picture:b)</code>");
  });
});

describeEachDatabase("pictures through an import", (database) => {
  it("stores a bank's picture once, links each revision that shows it, and keeps it for an old revision", async () => {
    const { db } = database();
    const base64 = (await png(300, 200)).toString("base64");
    const bank = (text: string): Bank => ({
      pictureSources: { "mach-1": { base64 } },
      subject: { code: "vat-ly", name: "Vật lý", description: "", keywords: [] },
      practices: [
        {
          code: "vl-hinh",
          title: "Hình",
          description: "",
          questions: [
            {
              text,
              answers: [
                { text: "2 Ω", key: true },
                { text: "![Đáp án hình](picture:mach-1)", key: false },
              ],
            },
          ],
        },
      ],
    });
    const first = await resolveBankPictures(
      bank("Điện trở ![Mạch](picture:mach-1) là bao nhiêu?"),
      "b.json",
    );
    expect(first.problems).toEqual([]);
    await importBanks(db, [first.bank]);
    const hash = first.bank.pictures![0]!.hash;
    const [question] = await listQuestionsByCode(db, "vl-hinh", { type: "PRACTICE_TIME_ALL" });
    expect(question!.textHtml).toContain(`/pictures/${hash}.png`);
    expect((await readPictureBytes(db, hash, false))?.type).toBe("png");
    const second = await resolveBankPictures(bank("Đổi lời, không còn hình."), "b.json");
    await importBanks(db, [second.bank]);
    const links = await db.selectFrom("question_picture").selectAll().execute();
    expect(links).toEqual([
      { question_id: question!.id, picture_hash: hash },
      expect.objectContaining({ picture_hash: hash }),
    ]);
    expect(await db.selectFrom("picture").select("hash").execute()).toHaveLength(1);
  });

  it("refuses a picture name no picture answers to, at its question", async () => {
    const bank: Bank = {
      subject: { code: "vat-ly", name: "Vật lý", description: "", keywords: [] },
      practices: [
        {
          code: "p",
          title: "P",
          description: "",
          questions: [{ text: "![x](picture:khong-co)", answers: [] }],
        },
      ],
    };
    const { problems } = await resolveBankPictures(bank, "b.json");
    expect(problems).toEqual([
      expect.objectContaining({
        question: 1,
        severity: "error",
        message: expect.stringContaining("khong-co"),
      }),
    ]);
  });
});
