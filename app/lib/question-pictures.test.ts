import { describe, expect, it } from "vitest";
import type { PictureMeta } from "#base/pictures.ts";
import { renderRichText } from "#content/rich-text.ts";
import {
  inertPictures,
  isPictureOnly,
  pictureAnswersClass,
  placePictures,
} from "./question-pictures.ts";

/** How the screens lay out the pictures of the HTML the renderer wrote at import. */

const GRAPH: PictureMeta = {
  hash: "a".repeat(32),
  type: "webp",
  width: 900,
  height: 500,
  hasSmall: true,
};
const TREE: PictureMeta = {
  hash: "b".repeat(32),
  type: "png",
  width: 200,
  height: 120,
  hasSmall: false,
};
const render = (text: string) =>
  renderRichText(text, new Map([GRAPH, TREE].map((picture) => [picture.hash, picture])));
const graph = `![Đồ thị 5 đỉnh](picture:${GRAPH.hash})`;
const tree = `![Cây](picture:${TREE.hash})`;

/** The class list of each picture's zoom element, in order. */
function classesOf(html: string): string[] {
  return [...html.matchAll(/<(?:button|span) [^>]*?class="(q-picture-zoom[^"]*)"/g)].map(
    (match) => match[1]!,
  );
}

describe("placePictures", () => {
  it("centres a picture alone on its line and leaves one inside a sentence inline", () => {
    const html = placePictures(render(`Trong hình dưới:\n\n${graph}\n\nvà ${tree} là một cây.`));
    expect(classesOf(html)).toEqual(["q-picture-zoom q-picture-alone", "q-picture-zoom"]);
  });

  it("takes the start and end of the text, spaces, and a code block as the line's edges", () => {
    expect(classesOf(placePictures(render(graph)))).toEqual(["q-picture-zoom q-picture-alone"]);
    expect(classesOf(placePictures(render(`  ${graph}  \nchữ`)))).toEqual([
      "q-picture-zoom q-picture-alone",
    ]);
    expect(classesOf(placePictures(render("```\nx = 1\n```\n" + graph)))).toEqual([
      "q-picture-zoom q-picture-alone",
    ]);
  });

  it("leaves two pictures on one line side by side, and text with no picture as it is", () => {
    expect(classesOf(placePictures(render(`${graph} ${tree}`)))).toEqual([
      "q-picture-zoom",
      "q-picture-zoom",
    ]);
    const plain = render("Không có hình, chỉ $x^2$ và `code`\n\nhai dòng");
    expect(placePictures(plain)).toBe(plain);
  });

  it("changes nothing but the class", () => {
    const html = render(`Hình:\n${graph}`);
    expect(placePictures(html).replace(" q-picture-alone", "")).toBe(html);
  });
});

describe("inertPictures", () => {
  it("turns each zoom button into a span with its picture, counting them", () => {
    const { html, count } = inertPictures(placePictures(render(`${graph} hoặc ${tree}`)));
    expect(count).toBe(2);
    expect(html).not.toContain("<button");
    expect(html).not.toContain("data-picture-zoom");
    expect(classesOf(html)).toEqual(["q-picture-zoom", "q-picture-zoom"]);
    expect(html).toContain(`alt="Đồ thị 5 đỉnh"`);
    expect(html).toContain(" hoặc ");
  });

  it("keeps the class placePictures gave", () => {
    const { html } = inertPictures(placePictures(render(graph)));
    expect(html.startsWith('<span class="q-picture-zoom q-picture-alone"><img ')).toBe(true);
    expect(html.endsWith("></span>")).toBe(true);
  });

  it("returns text with no picture as it is", () => {
    const html = render("Đáp án $\\frac{1}{2}$");
    expect(inertPictures(html)).toEqual({ html, count: 0 });
  });
});

describe("isPictureOnly and pictureAnswersClass", () => {
  it("knows an answer that is only pictures from one with words", () => {
    expect(isPictureOnly(render(graph))).toBe(true);
    expect(isPictureOnly(render(`${graph}\n${tree}`))).toBe(true);
    expect(isPictureOnly(render(`${graph} (hình a)`))).toBe(false);
    expect(isPictureOnly(render(`a) ${graph}`))).toBe(false);
    expect(isPictureOnly(render("42"))).toBe(false);
    // A picture the renderer did not know is its alt text in brackets: words, not a picture.
    expect(isPictureOnly(render(`![Mất](picture:${"c".repeat(32)})`))).toBe(false);
  });

  it("gives the grid class only when every answer is a picture", () => {
    expect(pictureAnswersClass([{ html: render(graph) }, { html: render(tree) }])).toBe(
      " answer-pictures",
    );
    expect(pictureAnswersClass([{ html: render(graph) }, { html: render("Không có") }])).toBe("");
    expect(pictureAnswersClass([])).toBe("");
  });
});
