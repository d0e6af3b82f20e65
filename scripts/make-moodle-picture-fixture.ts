/**
 * Writes tests/fixtures/pictures/de-moodle-co-hinh.xml: a Moodle XML export of three questions
 * with pictures (issue 26), as Moodle 4 writes one — each picture a <file> inside the element
 * that shows it, its HTML pointing at it through @@PLUGINFILE@@: two in a question's text, one
 * in each of two answers, one in an answer's feedback and one in the general feedback. The
 * browser test drops it into the editor of "Tạo đề của tôi".
 *
 *   npx tsx scripts/make-moodle-picture-fixture.ts
 *
 * The drawings are ours, SVG rasterized by sharp to PNG; writing them again gives the same bytes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const FOLDER = new URL("../tests/fixtures/pictures/", import.meta.url);

function svg(width: number, height: number, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<g fill="none" stroke="#1f3b73" stroke-width="3" font-family="DejaVu Sans" font-size="18">`,
    body,
    "</g></svg>",
  ].join("");
}

const label = (x: number, y: number, text: string) =>
  `<text x="${x}" y="${y}" fill="#1f3b73" stroke="none">${text}</text>`;

const DRAWINGS = {
  "tam-giac.png": svg(
    260,
    180,
    `<path d="M60 150 L240 150 L60 30 Z"/><path d="M60 135 L75 135 L75 150"/>${label(130, 172, "4 cm")}${label(6, 95, "3 cm")}${label(155, 85, "?")}`,
  ),
  "hinh-vuong.png": svg(
    200,
    200,
    `<rect x="40" y="40" width="120" height="120"/>${label(85, 30, "a")}`,
  ),
  "parabol-len.png": svg(
    200,
    160,
    `<path d="M10 110 L190 110 M100 150 L100 10" stroke="#999999" stroke-width="1.5"/><path d="M40 20 Q100 260 160 20"/>`,
  ),
  "parabol-xuong.png": svg(
    200,
    160,
    `<path d="M10 50 L190 50 M100 150 L100 10" stroke="#999999" stroke-width="1.5"/><path d="M40 140 Q100 -100 160 140"/>`,
  ),
  "mach-noi-tiep.png": svg(
    300,
    120,
    `<path d="M20 60 L70 60 M130 60 L170 60 M230 60 L280 60"/><rect x="70" y="45" width="60" height="30"/><rect x="170" y="45" width="60" height="30"/>${label(85, 35, "2 Ω")}${label(185, 35, "3 Ω")}`,
  ),
  "mach-tuong-duong.png": svg(
    220,
    120,
    `<path d="M20 60 L80 60 M140 60 L200 60"/><rect x="80" y="45" width="60" height="30"/>${label(92, 35, "5 Ω")}`,
  ),
} as const;

type Drawing = keyof typeof DRAWINGS;

async function png(name: Drawing): Promise<string> {
  const bytes = await sharp(Buffer.from(DRAWINGS[name]))
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
  return bytes.toString("base64");
}

async function file(name: Drawing): Promise<string> {
  return `<file name="${name}" path="/" encoding="base64">${await png(name)}</file>`;
}

function image(name: Drawing, alt: string): string {
  return `<img src="@@PLUGINFILE@@/${name}" alt="${alt}" width="200" height="150" class="img-fluid atto_image_button_text-bottom">`;
}

function html(text: string, files: string[] = [], indent = "      "): string {
  return [`${indent}<text><![CDATA[${text}]]></text>`, ...files.map((f) => `${indent}${f}`)].join(
    "\n",
  );
}

async function answer(fraction: number, text: string, files: Drawing[] = [], feedback = "") {
  const feedbackXml =
    feedback === "" ? [] : ['      <feedback format="html">', feedback, "      </feedback>"];
  return [
    `    <answer fraction="${fraction}" format="html">`,
    html(text, await Promise.all(files.map(file))),
    ...feedbackXml,
    "    </answer>",
  ].join("\n");
}

async function question(
  id: string,
  text: string,
  files: Drawing[],
  answers: string[],
  general = "",
): Promise<string> {
  return [
    '  <question type="multichoice">',
    `    <name><text>${id}</text></name>`,
    '    <questiontext format="html">',
    html(text, await Promise.all(files.map(file))),
    "    </questiontext>",
    '    <generalfeedback format="html">',
    general,
    "    </generalfeedback>",
    "    <single>true</single>",
    "    <shuffleanswers>true</shuffleanswers>",
    `    <idnumber>${id}</idnumber>`,
    ...answers,
    "  </question>",
  ].join("\n");
}

const questions = [
  await question(
    "hinh-tam-giac",
    `<p>Tam giác vuông trong hình có hai cạnh góc vuông 3 cm và 4 cm.</p><p>${image("tam-giac.png", "Tam giác vuông có hai cạnh góc vuông 3 cm và 4 cm")}</p><p>Hình vuông ${image("hinh-vuong.png", "Hình vuông cạnh a")} có chu vi bằng chu vi tam giác đó. Cạnh a dài bao nhiêu?</p>`,
    ["tam-giac.png", "hinh-vuong.png"],
    [
      await answer(100, "<p>3 cm</p>"),
      await answer(0, "<p>4 cm</p>"),
      await answer(0, "<p>5 cm</p>"),
      await answer(0, "<p>12 cm</p>"),
    ],
    html("<p>Cạnh huyền dài 5 cm, chu vi tam giác 12 cm, nên a = 12 : 4 = 3 cm.</p>"),
  ),
  await question(
    "do-thi-parabol",
    "<p>Đồ thị nào là của hàm số y = x² − 1?</p>",
    [],
    [
      await answer(100, `<p>${image("parabol-len.png", "Parabol quay bề lõm lên")}</p>`, [
        "parabol-len.png",
      ]),
      await answer(0, `<p>${image("parabol-xuong.png", "Parabol quay bề lõm xuống")}</p>`, [
        "parabol-xuong.png",
      ]),
      await answer(0, "<p>Cả hai đồ thị</p>"),
    ],
  ),
  await question(
    "mach-noi-tiep",
    `<p>Hai điện trở mắc nối tiếp như hình. Điện trở tương đương của đoạn mạch là bao nhiêu?</p><p>${image("mach-noi-tiep.png", "Hai điện trở 2 Ω và 3 Ω mắc nối tiếp")}</p>`,
    ["mach-noi-tiep.png"],
    [
      await answer(
        100,
        "<p>5 Ω</p>",
        [],
        html(
          `<p>Đúng: mạch tương đương ${image("mach-tuong-duong.png", "Một điện trở 5 Ω")}</p>`,
          [await file("mach-tuong-duong.png")],
          "        ",
        ),
      ),
      await answer(0, "<p>1,2 Ω</p>"),
      await answer(0, "<p>6 Ω</p>"),
    ],
    html(`<p>Mắc nối tiếp thì R = R₁ + R₂.</p><p>${image("mach-noi-tiep.png", "Sơ đồ mạch")}</p>`, [
      await file("mach-noi-tiep.png"),
    ]),
  ),
];

const xml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  "<quiz>",
  '  <question type="category">',
  "    <category><text>$course$/top/Hình vẽ và đồ thị</text></category>",
  "  </question>",
  ...questions,
  "</quiz>",
  "",
].join("\n");

mkdirSync(FOLDER, { recursive: true });
writeFileSync(new URL("de-moodle-co-hinh.xml", FOLDER), xml);
console.log(`de-moodle-co-hinh.xml in ${FOLDER.pathname}`);
