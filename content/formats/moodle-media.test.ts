import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { htmlMedia, mediaWarning, uniqueMedia } from "./moodle-media.ts";

describe("htmlMedia", () => {
  it("finds pictures, sounds and videos in order, links only to sound or video files", () => {
    const html = [
      '<p><img src="a.png"> <a href="https://vi.wikipedia.org/wiki/Huế">Huế</a>',
      '<video><source src="phim.webm"></video> <a href="nghe.MP3?v=2">nghe</a>',
      "<!-- <img src=old.png> --><embed src='cu.wav'> <audio src=bai.ogg></audio></p>",
    ].join("");
    expect(htmlMedia(html)).toEqual([
      { kind: "image", name: "a.png" },
      { kind: "video", name: "phim.webm" },
      { kind: "audio", name: "nghe.MP3?v=2" },
      { kind: "audio", name: "cu.wav" },
      { kind: "audio", name: "bai.ogg" },
    ]);
  });

  it('lists an image without a src as "", none inside a comment', () => {
    expect(
      htmlMedia('<img src="a.png"><!-- <img src="old.png"> --><IMG alt=x><img src=\'b.jpg\'>'),
    ).toEqual([
      { kind: "image", name: "a.png" },
      { kind: "image", name: "" },
      { kind: "image", name: "b.jpg" },
    ]);
  });

  it('lists no stored picture (src="picture:…"): it is carried, not lost', () => {
    expect(
      htmlMedia('<img src="picture:0123456789abcdef0123456789abcdef"><img src="b.png">'),
    ).toEqual([{ kind: "image", name: "b.png" }]);
  });

  it("finishes quickly on unclosed tags and comments", () => {
    const started = performance.now();
    for (const text of ["<img ", "<a href=", "<!--", "<audio src"]) htmlMedia(text.repeat(50_000));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("mediaWarning and uniqueMedia", () => {
  it("names a data: address as an embedded file, not by its bytes", () => {
    expect(mediaWarning({ kind: "audio", name: "data:audio/mpeg;base64,SUQz" })).toBe(
      "Âm thanh nhúng chưa được hỗ trợ nên không được nhập",
    );
    expect(mediaWarning({ kind: "image", name: "data:image/png;base64,iVBO" })).toBe(
      "Ảnh nhúng chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
    );
  });

  it("keeps one entry per file, unnamed ones each", () => {
    expect(
      uniqueMedia([
        { kind: "image", name: "@@PLUGINFILE@@/h%C3%ACnh%201.png" },
        { kind: "image", name: "hình 1.png", key: "hình 1.png" },
        { kind: "image", name: "" },
        { kind: "image", name: "" },
        { kind: "image", name: "https://a.vn/x/1.png" },
        { kind: "image", name: "https://b.vn/y/1.png" },
      ]).map((media) => media.name),
    ).toEqual([
      "@@PLUGINFILE@@/h%C3%ACnh%201.png",
      "",
      "",
      "https://a.vn/x/1.png",
      "https://b.vn/y/1.png",
    ]);
  });
});
