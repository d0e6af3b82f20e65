import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeEmf, makeWmf } from "#tests/support/make-docx.ts";
import { convertLegacyText } from "../formats/legacy-vietnamese.ts";
import { metafileKind, wmfToPng, wmfToSvg } from "./wmf-picture.ts";

function svgOf(bytes: Uint8Array): string {
  const drawing = wmfToSvg(bytes);
  if (!drawing.ok) throw new Error(`not drawn: ${drawing.reason}`);
  return drawing.svg;
}

/** The texts of the SVG, in order. */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/gu)].map((match) => match[1]!);
}

describe("metafileKind", () => {
  it("knows a WMF with or without its placeable header, an EMF, and anything else", () => {
    expect(metafileKind(makeWmf())).toBe("wmf");
    expect(metafileKind(makeWmf({ placeable: false }))).toBe("wmf");
    expect(metafileKind(makeEmf())).toBe("emf");
    expect(
      metafileKind(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toBe(null);
    expect(metafileKind(new Uint8Array(4))).toBe(null);
  });
});

describe("wmfToSvg", () => {
  it("draws a formula's text at its baseline and its line, at the size the file gives (96 dpi)", () => {
    const drawing = wmfToSvg(makeWmf());
    expect(drawing).toMatchObject({ ok: true, width: 40, height: 20 });
    const svg = svgOf(makeWmf());
    // Window 600 × 300 units onto 40 × 20 px: "x²" at (60, 230), 240 units high = 16 px.
    expect(svg).toContain(
      `<text x="4" y="15.33" font-family="'DejaVu Serif', serif" font-size="16" fill="#000000" xml:space="preserve">x²</text>`,
    );
    expect(svg).toMatch(/<line x1="2\.5" y1="18\.5" x2="37\.5" y2="18\.5" stroke="#000000"/u);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"')).toBe(
      true,
    );
  });

  it("draws a polyline through its corners", () => {
    // A radical's sign, in window units (600 × 300) onto 40 × 20 px.
    expect(svgOf(makeWmf({ polylines: [3] }))).toContain(
      '<polyline points="1.33,2.67 1.4,16 1.47,2.67" fill="none" stroke="#000000" stroke-width="1"',
    );
  });

  it("reads ExtTextOut, each character at its own advance", () => {
    const svg = svgOf(makeWmf({ extTextOut: true, text: "ab", advances: [210, 150] }));
    expect(textsOf(svg)).toEqual(["a", "b"]);
    expect(svg).toContain('<text x="4" ');
    expect(svg).toContain('<text x="18" ');
    expect(textsOf(svgOf(makeWmf({ extTextOut: true, text: "x+1" })))).toEqual(["x+1"]);
  });

  it("shows the Symbol font's codes as the characters they draw, and converts a TCVN3 font", () => {
    expect(textsOf(svgOf(makeWmf({ text: "a£p", font: "Symbol", charset: 2 })))).toEqual(["α≤π"]);
    expect(textsOf(svgOf(makeWmf({ text: "Hµ Néi", font: ".VnTime" })))).toEqual([
      convertLegacyText("Hµ Néi", "tcvn3"),
    ]);
  });

  it("escapes the file's text, so the SVG holds only what we wrote", () => {
    const svg = svgOf(makeWmf({ text: '<a href="x">&' }));
    expect(textsOf(svg)).toEqual(["&lt;a href=&quot;x&quot;&gt;&amp;"]);
    expect(svg).not.toContain("<a ");
  });

  it("sizes a metafile without a placeable header by its window, in twips", () => {
    expect(wmfToSvg(makeWmf({ placeable: false }))).toMatchObject({
      ok: true,
      width: 40,
      height: 20,
    });
  });

  it("refuses a cut file, a file that draws nothing, and one that draws too much", () => {
    const whole = makeWmf();
    expect(wmfToSvg(whole.subarray(0, whole.length - 20))).toEqual({
      ok: false,
      reason: "unreadable",
    });
    expect(wmfToSvg(makeWmf({ text: " ", lines: 0 }))).toEqual({ ok: false, reason: "empty" });
    // The text and 4,999 lines make 5,000 shapes, the most drawn.
    expect(wmfToSvg(makeWmf({ lines: 4_999 }))).toMatchObject({ ok: true });
    expect(wmfToSvg(makeWmf({ lines: 5_000 }))).toEqual({ ok: false, reason: "too-complex" });
    expect(wmfToSvg(makeWmf({ text: "x".repeat(500) }))).toMatchObject({ ok: true });
    expect(wmfToSvg(makeWmf({ text: "x".repeat(501) }))).toEqual({
      ok: false,
      reason: "too-complex",
    });
    expect(wmfToSvg(makeWmf({ polylines: [6_000, 4_000] }))).toMatchObject({ ok: true });
    expect(wmfToSvg(makeWmf({ polylines: [6_000, 4_001] }))).toEqual({
      ok: false,
      reason: "too-complex",
    });
    // A frame of 1600 × 800 px: 1,200 thick lines across it (1,387 × 40 px each) paint too much.
    expect(wmfToSvg(makeWmf({ inch: 12, lines: 20 }))).toMatchObject({ width: 1600, height: 800 });
    expect(wmfToSvg(makeWmf({ inch: 12, lines: 1_200 }))).toEqual({
      ok: false,
      reason: "too-complex",
    });
    const apart = (length: number) =>
      makeWmf({ text: "x".repeat(length), extTextOut: true, advances: Array(length).fill(1) });
    expect(wmfToSvg(apart(4_000))).toMatchObject({ ok: true });
    expect(wmfToSvg(apart(5_001))).toEqual({ ok: false, reason: "too-complex" });
    expect(wmfToSvg(makeEmf())).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("wmfToPng", () => {
  it("draws the formula dark on white, the size it had in the document", async () => {
    const drawn = await wmfToPng(makeWmf());
    if (!drawn.ok) throw new Error(drawn.reason);
    const image = sharp(drawn.png);
    expect(await image.metadata()).toMatchObject({ format: "png", width: 40, height: 20 });
    const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBe(255);
    // The text and the line: some pixels nearly black, in the upper half and on the line's row.
    const row = (y: number) => data.subarray(y * info.width, (y + 1) * info.width);
    expect(Math.min(...data.subarray(0, 16 * info.width))).toBeLessThan(80);
    expect(Math.min(...row(18))).toBeLessThan(80);
  });
});
