import { describe, expect, it } from "vitest";
import { renderRichText } from "#content/rich-text.ts";
import { pictureUrlsIn, withPictureAddress, type PictureMeta } from "./pictures.ts";

/** The addresses of rendered pictures: what a share link adds to them, what a download fetches. */

const WIDE: PictureMeta = {
  hash: "a".repeat(32),
  type: "webp",
  width: 1200,
  height: 800,
  hasSmall: true,
};
const NARROW: PictureMeta = {
  hash: "b".repeat(32),
  type: "png",
  width: 300,
  height: 200,
  hasSmall: false,
};
const catalog = new Map([WIDE, NARROW].map((picture) => [picture.hash, picture]));
const render = (text: string) => renderRichText(text, catalog);

describe("withPictureAddress", () => {
  it("adds the share address to the src and every srcset candidate of each picture", () => {
    const html = render(`Hình 1 ![Đồ thị](picture:${WIDE.hash}) và ![Cây](picture:${NARROW.hash})`);
    const shared = withPictureAddress(html, "s_AbC-12_xyz");
    expect(shared).toContain(`src="/pictures/${WIDE.hash}.webp?p=s_AbC-12_xyz"`);
    expect(shared).toContain(
      `srcset="/pictures/${WIDE.hash}-640.webp?p=s_AbC-12_xyz 640w, /pictures/${WIDE.hash}.webp?p=s_AbC-12_xyz 1200w"`,
    );
    expect(shared).toContain(`src="/pictures/${NARROW.hash}.png?p=s_AbC-12_xyz"`);
    // Nothing else changes: the zoom button, the size, the alt text.
    expect(shared.replaceAll("?p=s_AbC-12_xyz", "")).toBe(html);
  });

  it("encodes the address, and leaves an address that carries one already", () => {
    const html = render(`![Đồ thị](picture:${NARROW.hash})`);
    const once = withPictureAddress(html, "s_a b&c");
    expect(once).toContain(`.png?p=s_a%20b%26c"`);
    expect(withPictureAddress(once, "s_other")).toBe(once);
  });

  it("leaves a picture's address that a student typed as text alone", () => {
    const html = render(`Đường dẫn src="/pictures/${WIDE.hash}.webp" là văn bản`);
    expect(withPictureAddress(html, "s_token")).toBe(html);
  });

  it("returns HTML with no picture as it is", () => {
    const html = render("Không có hình, chỉ $x^2$ và `code`");
    expect(withPictureAddress(html, "s_token")).toBe(html);
  });
});

describe("pictureUrlsIn", () => {
  it("lists each picture once, full size and phone variant, across several texts, in order", () => {
    const question = render(`![Đồ thị](picture:${WIDE.hash})`);
    const answer = render(`![Cây](picture:${NARROW.hash}) hoặc ![Đồ thị](picture:${WIDE.hash})`);
    expect(pictureUrlsIn(question, answer, null, undefined, "chữ")).toEqual([
      `/pictures/${WIDE.hash}.webp`,
      `/pictures/${WIDE.hash}-640.webp`,
      `/pictures/${NARROW.hash}.png`,
    ]);
  });

  it("keeps the share address the loader added", () => {
    const html = withPictureAddress(render(`![Đồ thị](picture:${WIDE.hash})`), "s_token");
    expect(pictureUrlsIn(html)).toEqual([
      `/pictures/${WIDE.hash}.webp?p=s_token`,
      `/pictures/${WIDE.hash}-640.webp?p=s_token`,
    ]);
  });

  it("finds nothing in text that only names an address, or in a missing picture", () => {
    const typed = render(`Xem src="/pictures/${WIDE.hash}.webp" ![Mất](picture:${"c".repeat(32)})`);
    expect(pictureUrlsIn(typed)).toEqual([]);
  });
});
